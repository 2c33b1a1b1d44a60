// Share passwords are stored as argon2id hashes (DESIGN §8 parameters: m=19 MiB, t=2, p=1).
import { hash, verify } from "@node-rs/argon2";

// 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSharePassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifySharePassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
