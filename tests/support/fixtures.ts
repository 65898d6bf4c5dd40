/**
 * Test data a test owns: written straight into the test database of the running reference host (SQLite
 * in WAL mode allows it), for records no API call of the product creates yet — such as users.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../api-host/core/passwords';
import { DEMO_PASSWORD, TEST_DB } from '../../testkit/env';

export interface TestUser {
  username: string;
  firstName: string;
  lastName: string;
}

/** A new signed-in-able user (password Demo#2026) at `firm` with `role`, reaching that firm only. */
export async function createUser({
  role,
  firm,
  firstName = 'Pat',
  lastName = 'Tester',
}: {
  role: number;
  firm: number;
  firstName?: string;
  lastName?: string;
}): Promise<TestUser> {
  const username = `test-${randomBytes(4).toString('hex')}@example.com`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const db = new Database(TEST_DB);
  try {
    db.pragma('busy_timeout = 5000');
    // IMMEDIATE: take the write lock at BEGIN, where SQLite waits for the host's writes (busy_timeout) rather
    // than failing at once with "database is locked".
    db.transaction(() => {
      const contact = db
        .prepare('INSERT INTO contact (firm, first_name, last_name) VALUES (?, ?, ?)')
        .run(firm, firstName, lastName).lastInsertRowid;
      const user = db
        .prepare('INSERT INTO user (contact, firm, username, password_hash, role) VALUES (?, ?, ?, ?, ?)')
        .run(contact, firm, username, hash, role).lastInsertRowid;
      db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, 1)').run(user, firm);
    }).immediate();
  } finally {
    db.close();
  }
  return { username, firstName, lastName };
}
