// Action intent: a tool whose named action contradicts what the query asks for (create for "delete…",
// a write for a question) is held back, so nouns shared by the whole family do not decide alone.
import { describe, expect, it } from '@jest/globals';
import { analyzeQuery } from '../text/query.analyzer';
import { analyzeText } from '../text/term.analyzer';
import { contradictsIntent, queryIntent, toolActionClass } from './action-intent';
import type { RankingOverrides } from './ranking.options';
import { ranked, scores, type Servers, tool } from './tool-search.spec-fixtures';

const OFF: RankingOverrides = { actionIntentWeight: 0 };

describe('action intent in ranking', () => {
  // A create tool's description and parameters name the fields of the thing it creates, so a query
  // that mentions those fields matches it better than the terse delete tool.
  const tracker: Servers = [
    [
      { id: 'tracker' },
      [
        tool('create_issue', 'Create an issue with a summary, priority, labels and assignee.', {
          summary: 'One-line summary',
          priority: 'Priority: low, high or urgent',
          assignee: 'User to assign the issue to',
        }),
        tool('delete_issue', 'Delete an issue permanently.', { issue_key: 'Key of the issue, like ENG-12' }),
        tool('get_issue', 'Get an issue by key.', { issue_key: 'Key of the issue, like ENG-12' }),
      ],
    ],
  ];

  it('a delete query does not rank a create tool above a delete tool', () => {
    const query = 'remove the high priority issue assigned to dana';
    expect(ranked(tracker, query, OFF)[0]).toBe('tracker__create_issue');
    expect(ranked(tracker, query)[0]).toBe('tracker__delete_issue');
    // Only the contradicting tool changes: by the factor, and nothing else.
    const on = scores(tracker, query);
    const off = scores(tracker, query, OFF);
    expect(on['tracker__create_issue']).toBeCloseTo((off['tracker__create_issue'] ?? 0) / 1.35, 3);
    expect(on['tracker__delete_issue']).toBe(off['tracker__delete_issue']);
  });

  it('a question ranks a tool that reads above one that changes', () => {
    const crm: Servers = [
      [
        { id: 'crm' },
        [
          tool('update_record', 'Update the fields of a record.', { fields: 'Fields to set' }),
          tool('describe_object', 'Describe an object type: its schema and field types.'),
        ],
      ],
    ];
    const query = 'what fields does Account have';
    expect(ranked(crm, query, OFF)[0]).toBe('crm__update_record');
    expect(ranked(crm, query)[0]).toBe('crm__describe_object');
  });

  it('leaves tools alone when the query names no action class', () => {
    const query = 'high priority issue assigned to dana';
    expect(ranked(tracker, query)).toEqual(ranked(tracker, query, OFF));
  });
});

describe('action classes', () => {
  it("reads a tool's class from its name, after its server's words", () => {
    const classOf = (name: string, server: string) =>
      toolActionClass(analyzeText(name, { compounds: false }), new Set(analyzeText(server)));
    expect(classOf('jira_create_issue', 'jira')).toBe('create');
    expect(classOf('quick_add_event', 'calendar')).toBe('create');
    expect(classOf('ado_get_me', 'azure-devops')).toBe('get');
    expect(classOf('transition_issue', 'jira')).toBeUndefined();
    // A name made only of its server's words still names an action.
    expect(classOf('fetch', 'fetch')).toBe('get');
    expect(classOf('brave_web_search', 'brave-search')).toBe('search');
  });

  it("reads the query's intent from its first word of need, or a question", () => {
    const intent = (query: string) => queryIntent(analyzeQuery(query));
    expect(intent('remove the stale branches')).toEqual({ kind: 'action', actionClass: 'delete' });
    expect(intent('which statuses can ENG-1 go to?')).toEqual({ kind: 'read' });
    expect(intent("what's on my calendar")).toEqual({ kind: 'read' });
    // A request phrased as a question asks for the action.
    expect(intent('can you delete the branch')).toEqual({ kind: 'action', actionClass: 'delete' });
    expect(intent('how do I add a webhook')).toEqual({ kind: 'action', actionClass: 'create' });
    // Only the first word of need: "new" in "New Relic" is not a request to create.
    expect(intent('error rate in New Relic')).toBeUndefined();
  });

  it('treats reads as compatible, and creating and updating as overlapping', () => {
    const asked = (actionClass: 'create' | 'delete' | 'update' | 'list' | 'get' | 'search') =>
      ({ kind: 'action', actionClass }) as const;
    expect(contradictsIntent(asked('delete'), 'create')).toBe(true);
    expect(contradictsIntent(asked('list'), 'update')).toBe(true);
    expect(contradictsIntent({ kind: 'read' }, 'delete')).toBe(true);
    expect(contradictsIntent(asked('get'), 'delete')).toBe(true);
    expect(contradictsIntent(asked('create'), 'get')).toBe(true);
    expect(contradictsIntent(asked('get'), 'list')).toBe(false);
    expect(contradictsIntent({ kind: 'read' }, 'search')).toBe(false);
    expect(contradictsIntent(asked('create'), 'update')).toBe(false);
    expect(contradictsIntent(asked('delete'), 'delete')).toBe(false);
    expect(contradictsIntent(undefined, 'create')).toBe(false);
    expect(contradictsIntent(asked('delete'), undefined)).toBe(false);
  });
});
