import { randomDemoUser } from './demo-users';
import { INVALID_EMAIL, SHORT_PASSWORD, signupProblems } from './signup-rules';

const values = (email: string, password: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password,
  confirmPassword: password,
});

describe('signupProblems', () => {
  it('says nothing about fields not typed yet, nor about good ones', () => {
    expect(signupProblems(values('', ''))).toEqual({});
    expect(signupProblems(values(' ada@example.com ', '12345678'))).toEqual({});
    expect(signupProblems(randomDemoUser())).toEqual({});
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada@example.c', 'a b@example.com'])(
    'refuses the email %j, as the server would',
    (email) => {
      expect(signupProblems(values(email, '12345678'))).toEqual({ email: INVALID_EMAIL });
    },
  );

  it('refuses a password shorter than 8 characters, from the first one typed', () => {
    expect(signupProblems(values('ada@example.com', 'a'))).toEqual({ password: SHORT_PASSWORD });
    expect(signupProblems(values('ada@example.com', '1234567'))).toEqual({
      password: SHORT_PASSWORD,
    });
    expect(SHORT_PASSWORD).toBe('Password Must Be At Least 8 Characters');
  });
});
