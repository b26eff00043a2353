import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir.js';
import { AppError } from './lib/errors.js';
import { backupTo, restoreFrom } from './db/backup.js';
import { openRuntime } from './runtime.js';

const USAGE = `Operator commands (npm run admin -- <command>):
  create-admin <username>     create an admin; the password comes from ADMIN_PASSWORD or is generated and printed
  reset-password <username>   set a new random password (or ADMIN_PASSWORD), lift any lockout, end all sessions
  list-users                  list portal users with their role, investor and logins
  totp-reset <username>       clear a login's two-factor secret (a lost phone): the next sign-in enrols again
  backup <file>               write every table to <file> (gzipped JSON lines), in one consistent snapshot
  verify                      check the books: the monthly totals kept for fast reads against the ledger, the audit
                              chain, no balance below zero, exact splits, the cash identity and the admin summary
  restore <file>              replace every row with those of a backup (stop the server first), in one transaction
  demo                        start the portal with the demo portfolio (same as npm run demo)`;

async function run(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command === 'demo') {
    // The demo keeps its own data directory so it never mixes with real books.
    process.env.DEMO_DATA = '1';
    process.env.DATA_DIR ??= './data-demo';
    // A demo admin with a known password, printed at start: only ever in the demo's own data directory.
    if (!process.env.ADMIN_USERNAME) {
      process.env.ADMIN_USERNAME = 'admin';
      process.env.ADMIN_PASSWORD = 'quiet ledger sunrise 24';
      process.env.DEMO_ADMIN = '1';
    }
    // The demo shows a real product name; a real portal keeps the spec's default "App" until PORTAL_NAME is set.
    process.env.PORTAL_NAME ??= 'Maple & Cedar Investors';
    // The demo is for looking around without an authenticator app; a real portal requires it of admins.
    process.env.ADMIN_MFA ??= 'optional';
    await import('./main.js');
    return -1; // the server keeps running
  }
  if (!command || !['create-admin', 'reset-password', 'list-users', 'verify', 'backup', 'restore', 'totp-reset'].includes(command)) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  if (command !== 'list-users' && command !== 'verify' && !arg) {
    console.error(`${command} needs ${command === 'backup' || command === 'restore' ? 'a file' : 'a username'}.\n\n${USAGE}`);
    return 2;
  }
  // ADMIN_PASSWORD here is the password for the command, not the first-admin setting of the server.
  const password = process.env.ADMIN_PASSWORD || undefined;
  const config = loadConfig({ ...process.env, ADMIN_PASSWORD: undefined });
  const runtime = await openRuntime(config);
  try {
    const users = runtime.services.users;
    if (command === 'verify') {
      const { compared, differences } = await runtime.services.books.verify();
      if (differences.length === 0) {
        console.log(`The monthly totals agree with the ledger (${compared} property-months compared).`);
      } else {
        console.error(`${differences.length} of ${compared} monthly totals differ from the ledger:`);
        console.table(differences);
      }
      const { checked, differences: unreconciled } = await runtime.services.reconciliation.reconcile();
      const what = `${checked.ledgerEntries} ledger entries, ${checked.auditEvents} audit events, ${checked.investors} investors, ${checked.properties} properties`;
      if (unreconciled.length === 0) {
        console.log(`The books reconcile (${what}): the audit chain is intact and every write has its audit row, no balance`
          + ' goes below zero, every month splits exactly, the cash adds up, and the admin summary agrees.');
      } else {
        console.error(`The books do not reconcile (${what}); ${unreconciled.length} differences:\n  ${unreconciled.join('\n  ')}`);
      }
      return differences.length === 0 && unreconciled.length === 0 ? 0 : 1;
    }
    if (command === 'backup' || command === 'restore') {
      const counts = command === 'backup' ? await backupTo(runtime.db, arg!) : await restoreFrom(runtime.db, arg!);
      const total = Object.values(counts).reduce((s, n) => s + n, 0);
      console.log(`${command === 'backup' ? 'Backed up' : 'Restored'} ${total} rows (${counts.ledger_entry} ledger entries, ${counts.audit_event} audit events) ${command === 'backup' ? 'to' : 'from'} ${arg}.`);
    } else if (command === 'totp-reset') {
      await users.resetTotp(arg!);
      console.log(`Two-factor sign-in of "${arg}" cleared; its sessions are ended. It enrols again at the next sign-in.`);
    } else if (command === 'create-admin') {
      const created = await users.createAdmin(arg!, password);
      console.log(`Created admin "${arg}".`);
      if (!password) console.log(`Password (shown once): ${created.password}`);
    } else if (command === 'reset-password') {
      const reset = await users.resetPassword(arg!, password);
      console.log(`Password of "${arg}" reset; all of its sessions are ended.`);
      if (!password) console.log(`New password (shown once): ${reset.password}`);
    } else {
      const rows = await users.listUsers();
      console.table(
        rows.map((r) => ({
          username: r.username,
          role: r.role,
          investor: r.investorName ?? '',
          disabled: r.disabled ? 'yes' : '',
          failed_sign_ins: r.failedLogins,
          locked_until: r.lockedUntil && r.lockedUntil > new Date() ? r.lockedUntil.toISOString() : '',
          logins: r.loginCount,
          last_login: r.lastLogin ? r.lastLogin.toISOString() : 'N/A',
        })),
      );
    }
    return 0;
  } finally {
    await runtime.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AppError) {
      console.error(err.message);
    } else {
      console.error(err);
    }
    process.exit(1);
  },
);
