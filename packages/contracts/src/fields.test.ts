import { describe, expect, it } from 'vitest';
import { emailField } from './fields.ts';
import { fill, messages } from './messages.ts';

describe('the e-mail field', () => {
  const field = emailField();

  it.each(['thandi@example.co.za', 'first.last+vm@mawingu.africa', 'a-b@sub.domain.ke', '  padded@example.com  '])(
    'accepts %s',
    (email) => {
      expect(field.safeParse(email).success).toBe(true);
    },
  );

  it('trims what it accepts', () => {
    expect(field.parse('  padded@example.com  ')).toBe('padded@example.com');
  });

  it.each(['plainaddress', 'no-at.example.com', 'two@@example.com', 'trailing@example.', 'a@b', 'space in@example.com'])(
    'refuses %s with "Enter correct email"',
    (email) => {
      const res = field.safeParse(email);
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe('Enter correct email');
    },
  );

  it('says "Email required" when empty or missing', () => {
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Email required');
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Email required');
  });

  it('uses the login form’s wording when asked', () => {
    expect(emailField(messages.emailRequired, messages.emailInvalidLogin).safeParse('x').error?.issues[0]?.message).toBe(
      'Please enter a valid Email',
    );
  });
});

describe('spec texts with placeholders', () => {
  it('fills the masked e-mail into the OTP toast', () => {
    expect(fill(messages.otpSent, { email: 'th****@example.co.za' })).toBe('An OTP is sent to your th****@example.co.za');
  });
  it('leaves an unknown placeholder visible rather than blank', () => {
    expect(fill(messages.fileTooLarge, {})).toBe('{fileName} is more than 20 MB');
  });
});

describe('the e-mail pattern under hostile input', () => {
  it('rejects a long near-miss quickly instead of backtracking for seconds', () => {
    const field = emailField();
    const started = performance.now();
    for (const evil of ['a'.repeat(5000) + '!', `a@${'b'.repeat(5000)}!`, `a@b${'.cc'.repeat(2000)}!`]) {
      expect(field.safeParse(evil).success).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
});
