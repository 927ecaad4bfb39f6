import { describe, expect, it } from 'vitest';
import { $user, EMPTY_USER, rememberUser } from '../../src/stores/user';

describe('stored user details', () => {
  it('keeps the SPEC fields of the last form and fills only what was given', () => {
    $user.set(EMPTY_USER);
    rememberUser({
      name: 'Jo',
      last_name: 'Citizen',
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
    });
    rememberUser({ name: 'Joanne' });
    expect($user.get()).toEqual({
      name: 'Joanne',
      last_name: 'Citizen',
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
    });
  });
});
