import { withoutField } from './account';

describe('withoutField', () => {
  it('drops the field name the server puts first and reads as a sentence', () => {
    expect(withoutField('password: is not your password')).toBe('That is not your password.');
    expect(withoutField('currentPassword: is not your current password')).toBe(
      'That is not your current password.',
    );
    expect(withoutField('newPassword: must be at least 8 characters')).toBe(
      'Must be at least 8 characters',
    );
    expect(withoutField('Unprocessable Entity. Email Already Exists.')).toBe(
      'Unprocessable Entity. Email Already Exists.',
    );
  });
});
