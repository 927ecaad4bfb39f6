import { formatPhone } from '../format';

/** SPEC 4: a hidden phone number shows its first 5 characters, the rest masked. */
export const PHONE_VISIBLE_CHARS = 5;

/** "07 5550 6100" -> "07 55XX XXXX": digits after the first 5 characters become X, spacing kept. */
export function maskPhone(phone: string): string {
  const display = formatPhone(phone);
  return (
    display.slice(0, PHONE_VISIBLE_CHARS) + display.slice(PHONE_VISIBLE_CHARS).replace(/\d/g, 'X')
  );
}
