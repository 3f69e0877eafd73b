import { render, screen } from '@testing-library/react';
import { accountRequest } from '../../api/account';
import { TokensPanel } from './tokens-panel';

jest.mock('../../api/account', () => ({
  ...jest.requireActual('../../api/account'),
  accountRequest: jest.fn(),
}));

const day = 24 * 60 * 60 * 1000;
const token = (name: string, expiresAt: string | null) => ({
  _id: name,
  name,
  scope: 'read' as const,
  createdAt: new Date(Date.now() - 40 * day).toISOString(),
  expiresAt,
  lastUsedAt: null,
});

it('says which tokens have expired and no longer work, and when the others expire', async () => {
  jest.mocked(accountRequest).mockResolvedValue({
    tokens: [
      token('old script', new Date(Date.now() - day).toISOString()),
      token('backup', new Date(Date.now() + 30 * day).toISOString()),
      token('forever', null),
    ],
  });
  render(<TokensPanel />);
  const items = await screen.findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^old script.*Expired .+: it no longer works/),
    expect.not.stringMatching(/Expired/),
    expect.stringContaining('Never expires'),
  ]);
  expect(items[1]!.textContent).toMatch(/Expires /);
});
