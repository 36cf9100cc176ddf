// The intent a prune records before its first call: which targets may be called at once (running)
// and which certainly are not yet (pending), so a crashed prune's row says where to look.
import type { Connection } from '../connections/connection.repository';
import type { PrunePlan } from './prune-plan';
import { ledgerIntent } from './prune-report';
import { MATRIX } from './prune-unit.spec-helpers';

function connection(index: number): Connection {
  return {
    id: `6f1c5a52-aaaa-4bbb-8ccc-00000000000${index}`,
    type: 'radarr',
    name: `Radarr ${index}`,
    baseUrl: 'http://radarr.invalid',
    is4k: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    apiKey: 'key',
  };
}

const plan: PrunePlan = {
  item: MATRIX,
  seasonNumber: null,
  addToImportExclusion: false,
  targets: [0, 1, 2].map((index) => ({ connection: connection(index), externalId: index, catalogBytes: 10 })),
};

describe('ledgerIntent', () => {
  it('records the first wave as running and the rest as pending, never a key of the connection', () => {
    const intent = ledgerIntent(plan, [], 2);
    expect(intent['targets']).toEqual([
      {
        connectionId: connection(0).id,
        connectionName: 'Radarr 0',
        app: 'radarr',
        is4k: false,
        status: 'running',
      },
      {
        connectionId: connection(1).id,
        connectionName: 'Radarr 1',
        app: 'radarr',
        is4k: false,
        status: 'running',
      },
      {
        connectionId: connection(2).id,
        connectionName: 'Radarr 2',
        app: 'radarr',
        is4k: false,
        status: 'pending',
      },
    ]);
    expect(JSON.stringify(intent)).not.toContain('key');
    expect(intent).not.toHaveProperty('interruptedPrunes');
  });

  it('names the earlier prunes of the item it found interrupted', () => {
    expect(ledgerIntent(plan, ['812', '815'], 4)).toMatchObject({
      interruptedPrunes: ['812', '815'],
      targets: [{ status: 'running' }, { status: 'running' }, { status: 'running' }],
    });
  });
});
