import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../app-error';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** An action that could hurt the owner in a stranger's hands asks for the current password first (WRONG_PASSWORD). */
export async function requireCurrentPassword(user: { password_hash: string }, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError('WRONG_PASSWORD', 'wrong current password');
}

// Verifying against this when the account does not exist costs the same time as a real check, so the
// answer time does not tell which e-mail addresses have accounts.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
