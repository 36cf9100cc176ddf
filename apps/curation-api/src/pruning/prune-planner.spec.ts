// One connection is one prune target whatever spelling of its UUID was sent: the DTO lowers the
// case at the edge, and the planner refuses a connection that comes back twice from its look-up
// (Postgres matches a UUID in either case), so its bytes are never counted twice.
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Connection, ConnectionRepository } from '../connections/connection.repository';
import { PRUNE_ARGUMENTS } from '../mcp/mcp-tool-schemas';
import { PruneRequestDto } from './dto/prune-request.dto';
import { PruneErrorCode } from './prune-errors';
import { PrunePlanner } from './prune-planner';
import { MATRIX } from './prune-unit.spec-helpers';
import type { ItemCopy, PruneRepository } from './prune.repository';

const CONNECTION_ID = '6f1c5a52-aaaa-4bbb-8ccc-0123456789ab';

const item = MATRIX;

const connection: Connection = {
  id: CONNECTION_ID,
  type: 'radarr',
  name: 'Radarr',
  baseUrl: 'http://radarr.invalid',
  is4k: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  apiKey: 'key',
};

/** The repositories as Postgres answers: a UUID in any case finds the connection. */
function planner(): PrunePlanner {
  const copy: ItemCopy = { connectionId: CONNECTION_ID, externalId: 7, sizeBytes: 1000, seasonBytes: 0 };
  const prunes: Pick<PruneRepository, 'findItem' | 'seasonNumbers' | 'managedCopies'> = {
    findItem: async () => item,
    seasonNumbers: async () => [],
    managedCopies: async () => [copy],
  };
  const connections: Pick<ConnectionRepository, 'find'> = {
    find: async (id: string) => (id.toLowerCase() === CONNECTION_ID ? connection : null),
  };
  return new PrunePlanner(prunes as PruneRepository, connections as ConnectionRepository);
}

const request = (targetConnectionIds: string[]) => ({
  mediaItemId: item.id,
  seasonNumber: null,
  targetConnectionIds,
  addToImportExclusion: false,
});

describe('one connection named in two spellings', () => {
  it('is refused by the planner, naming the connection, even when the edge let it through', async () => {
    const planned = planner().plan(request([CONNECTION_ID, CONNECTION_ID.toUpperCase()]));
    await expect(planned).rejects.toMatchObject({
      code: PruneErrorCode.ConnectionNamedTwice,
      message: expect.stringContaining(`"Radarr" (${CONNECTION_ID}) twice`),
    });
  });

  it('plans one target for one spelling', async () => {
    const plan = await planner().plan(request([CONNECTION_ID.toUpperCase()]));
    expect(plan.targets.map((target) => target.connection.id)).toEqual([CONNECTION_ID]);
  });

  it('is refused by the request body check, the ids lowered first', async () => {
    const body = plainToInstance(PruneRequestDto, request([CONNECTION_ID, CONNECTION_ID.toUpperCase()]));
    expect(body.targetConnectionIds).toEqual([CONNECTION_ID, CONNECTION_ID]);
    const errors = await validate(body);
    expect(errors.map((error) => error.property)).toEqual(['targetConnectionIds']);
    expect(JSON.stringify(errors[0]?.constraints)).toContain('must not name a connection twice');
  });

  it('is refused by the MCP tool arguments too', () => {
    const parsed = PRUNE_ARGUMENTS.safeParse(request([CONNECTION_ID, CONNECTION_ID.toUpperCase()]));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('must not name a connection twice');
  });
});
