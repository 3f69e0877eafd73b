import { ssoErrorMessage } from './sso-errors';

it('has a message of its own for each code the server sends', () => {
  const codes = [
    'state',
    'provider',
    'failed',
    'unverified_email',
    'signup_off',
    'no_email',
    'unavailable',
  ];
  const texts = codes.map(ssoErrorMessage);
  expect(new Set(texts).size).toBe(codes.length);
  expect(ssoErrorMessage('unverified_email')).toContain('does not say the email is verified');
});

it('says nothing without a code, and something general for an unknown one (never the code itself)', () => {
  expect(ssoErrorMessage(null)).toBeNull();
  expect(ssoErrorMessage('<script>alert(1)</script>')).toBe(
    'Single sign-on failed. Please try again.',
  );
});
