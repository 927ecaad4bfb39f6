/**
 * npm run leads -- failed               leads not delivered: given up, and still being retried
 * npm run leads -- resend <id> [<id>...] send these deliveries again (ids from `failed`)
 * npm run leads -- resend --all         send every given-up delivery again
 * Uses the API's database: PostgreSQL at DATABASE_URL, else the SQLite file (LEADS_DB_FILE or
 * .data/leads.sqlite). The running API's outbox worker does the sending.
 */
import {
  resendAllFailed,
  resendDelivery,
  undeliveredLeads,
  type UndeliveredLead,
} from '../api/outbox/failed';
import { openStore } from '../api/storage/store';

const USAGE = 'Usage: npm run leads -- failed | resend <delivery id> [...] | resend --all';
const [command, ...args] = process.argv.slice(2);

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

function describe(delivery: UndeliveredLead): string {
  const state =
    delivery.status === 'failed'
      ? 'FAILED (given up)'
      : `retrying, next ${when(delivery.nextAttemptAt)}`;
  return [
    `${delivery.id}  ${delivery.tenant}  ${delivery.channel}  lead ${delivery.leadId}`,
    `    ${state}; ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} since ${when(delivery.createdAt)} UTC; last error: ${delivery.lastError ?? '-'}`,
  ].join('\n');
}

if (command !== 'failed' && command !== 'resend') {
  console.error(USAGE);
  process.exit(2);
}
if (command === 'resend' && args.length === 0) {
  console.error(USAGE);
  process.exit(2);
}

const store = await openStore();
let exitCode = 0;
try {
  if (command === 'failed') {
    const leads = await undeliveredLeads(store.driver, { retrying: true });
    const failed = leads.filter((lead) => lead.status === 'failed').length;
    if (!leads.length) console.log('Every lead has been delivered.');
    else {
      console.log(
        `${leads.length} lead deliver${leads.length === 1 ? 'y' : 'ies'} not delivered (${failed} given up, ${leads.length - failed} retrying):`,
      );
      for (const lead of leads) console.log(describe(lead));
      if (failed) console.log('\nSend again with: npm run leads -- resend <id> (or --all)');
    }
  } else if (args.includes('--all')) {
    const ids = await resendAllFailed(store.driver, Date.now());
    console.log(
      ids.length
        ? `Queued ${ids.length} deliver${ids.length === 1 ? 'y' : 'ies'} to send again: ${ids.join(', ')}`
        : 'No failed deliveries to resend.',
    );
  } else {
    for (const id of args) {
      const outcome = await resendDelivery(store.driver, id, Date.now());
      if (outcome === 'queued') console.log(`${id}: queued to send again`);
      else {
        console.error(
          `${id}: ${outcome === 'not found' ? 'no such delivery (see npm run leads -- failed)' : 'already delivered; not sent twice'}`,
        );
        exitCode = 1;
      }
    }
  }
} finally {
  await store.close();
}
process.exit(exitCode);
