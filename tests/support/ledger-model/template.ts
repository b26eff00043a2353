import { ADMIN, buildAppTemplate, signIn, type AppTemplate } from '../test-app.js';
import type { DbKind } from '../test-db.js';
import { newStats, SEED_STEPS, tableCounts } from './commands.js';
import type { Model } from './model.js';
import { addMasterData, type World } from './world.js';

export type LedgerModelState = { token: string; world: World; model: Model };

/** The fee given at "Add New Investor" applies from the beginning (docs/rules/fees.md). */
const FROM_THE_BEGINNING = '1900-01-01';

/**
 * The books every sequence starts from, written once through the API: the master data, then the seed
 * steps, each checked against the model as every later step is. Each `start()` is a copy of them.
 */
export function ledgerModelTemplate(kind: DbKind): Promise<AppTemplate<LedgerModelState>> {
  return buildAppTemplate(kind, async (t) => {
    const token = await signIn(t.app, ADMIN.username, ADMIN.password);
    const world = await addMasterData(t, token);
    const model: Model = {
      entries: [],
      fees: new Map(world.investors.map((i) => [`${i.name}|${FROM_THE_BEGINNING}`, i.feeBps])),
      counts: await tableCounts(t),
    };
    const real = { t, token, world, today: t.services.books.today(), stats: newStats(), step: 0, compared: new Map<string, string>() };
    for (const step of SEED_STEPS) await step.run(model, real);
    return { token, world, model };
  });
}
