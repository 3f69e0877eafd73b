// A real OpenID Connect provider (oidc-provider, its development login pages) for the single
// sign-on tests. Run as its own process, since oidc-provider is an ES module:
//   node test/support/oidc-test-provider.mjs
// with OIDC_TEST_REDIRECT_URIS (comma-separated) naming the Jotter callback(s). It prints one JSON
// line, {"issuer": "http://127.0.0.1:<port>"}, once it listens. Its client is `jotter-test` with
// the secret `jotter-test-secret`. Anyone signs in at its login page with any password; the login
// is the account's subject. POST /test/accounts/<subject> with a JSON body sets that account's
// claims (email, email_verified, given_name, family_name, name); an unknown subject gets a
// verified `<subject>@sso.test`. OIDC_TEST_USERINFO_ONLY=1 keeps them out of the ID token.
import http from 'node:http';

import Provider from 'oidc-provider';

const redirectUris = (process.env.OIDC_TEST_REDIRECT_URIS ?? '').split(',').filter(Boolean);
const accounts = new Map();

const claimsOf = (sub) =>
  accounts.get(sub) ?? { email: `${sub}@sso.test`, email_verified: true, name: `Test ${sub}` };

const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'jotter-test',
      client_secret: 'jotter-test-secret',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  // The claims in the ID token itself, as Keycloak and Authentik send them; with
  // OIDC_TEST_USERINFO_ONLY=1 only at the UserInfo endpoint, as Authelia sends them by default.
  conformIdTokenClaims: process.env.OIDC_TEST_USERINFO_ONLY === '1',
  cookies: { keys: ['jotter-test-provider-cookie-key'] },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, ...claimsOf(sub) }),
  }),
  // A first-party client: every scope it asks for is granted without a consent page.
  async loadExistingGrant(ctx) {
    const grantId =
      ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
// Its warnings about development keys and the development pages are expected here.
provider.on('server_error', (_ctx, error) => console.error(error));

const callback = provider.callback();
server.on('request', (req, res) => {
  const match = /^\/test\/accounts\/([^/?]+)$/.exec(req.url ?? '');
  if (req.method === 'POST' && match) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      accounts.set(decodeURIComponent(match[1]), JSON.parse(body));
      res.writeHead(204).end();
    });
    return;
  }
  callback(req, res);
});

console.log(JSON.stringify({ issuer }));
