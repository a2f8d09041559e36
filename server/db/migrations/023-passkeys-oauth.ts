import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * Signing in without a password: passkeys (WebAuthn) and VK ID / Yandex ID.
 *
 * passkeys: one row per credential, as @simplewebauthn/server expects to find it again: the credential
 * id (base64url, unique), its COSE public key (base64url), the signature counter, the transports the
 * browser reported, and `user_handle`, the random WebAuthn user id the account's keys share (never
 * the account's own id or address). `name` is the owner's label; `last_used_at` the latest sign-in.
 *
 * webauthn_challenges: a challenge handed out for a registration (`user_id` set) or a sign-in (null),
 * kept until `expires_at`; `used_at` is set by the one request that takes it, so none is answered twice.
 *
 * oauth_states: a sign-in started with a provider. The row is found by the SHA-256 of `state`, and is
 * good only with the browser that started it (`binding_hash`: the SHA-256 of the cookie set then), once
 * (`used_at`), until `expires_at`; it keeps the PKCE verifier the token request needs.
 *
 * oauth_links: which provider account (`provider`, `subject`: its stable user id) signs into which
 * account, with the e-mail the provider gave when it was linked. A provider account links to one
 * account; a link goes with its account.
 *
 * oauth_pending_links: a provider sign-in that found an account with the provider's verified e-mail
 * and waits for that account's password before the link is made (never silently). Found by the SHA-256
 * of the token handed to the browser; single use, short-lived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_handle', 'varchar(128)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id']).execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', ...idColumn(db))
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').columns(['expires_at']).execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('id', ...idColumn(db))
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('oauth_states_expiry').on('oauth_states').columns(['expires_at']).execute();

  await db.schema
    .createTable('oauth_links')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('oauth_links_subject', ['provider', 'subject'])
    .addUniqueConstraint('oauth_links_user_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_pending_links')
    .addColumn('id', ...idColumn(db))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oauth_pending_links', 'oauth_links', 'oauth_states', 'webauthn_challenges', 'passkeys']) {
    await db.schema.dropTable(table).execute();
  }
}
