// The ranking signals beyond BM25F term weights: server hints, the leading action, joined words and
// actions a question implies. Each test shows the signal deciding the order (and, where an option
// turns it off, that the order is different without it).
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RANKING_OPTIONS } from './ranking.options';
import { ServerHints } from './server-hints';
import { ranked, scores, type Servers, tool } from './tool-search.spec-fixtures';

describe('server hints', () => {
  const HINT_FACTOR = 1 + DEFAULT_RANKING_OPTIONS.serverHintWeight;
  const trackers: Servers = [
    [{ id: 'jira', displayName: 'Jira Software' }, [tool('jira_get_issue', 'Get an issue by key.')]],
    [{ id: 'zendesk', displayName: 'Zendesk' }, [tool('get_ticket', 'Get a support ticket.')]],
  ];
  const monitors: Servers = [
    [{ id: 'datadog', displayName: 'Datadog' }, [tool('list_alerts', 'List active alerts.')]],
    [{ id: 'nr', displayName: 'New Relic' }, [tool('list_alerts', 'List active alerts.')]],
  ];

  it('prefers the server the query names by id over a closer word match elsewhere', () => {
    expect(ranked(trackers, 'get ticket ENG-1')[0]).toBe('zendesk__get_ticket');
    expect(ranked(trackers, 'get ticket ENG-1 in Jira')[0]).toBe('jira__jira_get_issue');
    const hinted = scores(trackers, 'get ticket ENG-1 in Jira');
    const plain = scores(trackers, 'get ticket ENG-1 in Jira', { serverHintWeight: 0 });
    expect(hinted['jira__jira_get_issue']).toBeCloseTo(HINT_FACTOR * (plain['jira__jira_get_issue'] ?? 0), 3);
    expect(hinted['zendesk__get_ticket']).toBe(plain['zendesk__get_ticket']);
  });

  it('reads a display name as a phrase, also written as one word', () => {
    expect(ranked(monitors, 'list alerts')).toEqual(['datadog__list_alerts', 'nr__list_alerts']);
    expect(ranked(monitors, 'list alerts in New Relic')[0]).toBe('nr__list_alerts');
    expect(ranked(monitors, 'list NewRelic alerts')[0]).toBe('nr__list_alerts');
    // The same words out of order are not the name: only the lexical match of "new" and "relic".
    const named = scores(monitors, 'list alerts in New Relic');
    const scattered = scores(monitors, 'list new alerts, relic');
    expect(named['nr__list_alerts']).toBeCloseTo(HINT_FACTOR * (scattered['nr__list_alerts'] ?? 0), 3);
  });

  it('finds the named servers by id, display name or joined form, and forgets removed ones', () => {
    const hints = new ServerHints();
    hints.set('incident-io', 'incident.io');
    hints.set('sftp', 'SFTP (build server)');
    hints.set('gh', 'GitHub');
    expect(hints.namedIn('open an incident in incident.io')).toEqual(new Set(['incident-io']));
    expect(hints.namedIn('upload to the build server')).toEqual(new Set());
    expect(hints.namedIn('copy it over sftp')).toEqual(new Set(['sftp']));
    expect(hints.namedIn('star it on GitHub or github')).toEqual(new Set(['gh']));
    hints.delete('gh');
    expect(hints.namedIn('star it on GitHub')).toEqual(new Set());
  });
});

describe('the leading action', () => {
  const tracker: Servers = [
    [
      { id: 'tracker', displayName: 'Tracker' },
      [
        tool('tracker_search_issues', 'Search issues by text, status or assignee.'),
        tool('tracker_assign_issue', 'Assign an issue to a user.'),
      ],
    ],
  ];

  it('boosts the tool whose action, after the product name, is the action the query starts with', () => {
    const query = 'find issues assigned to me';
    expect(ranked(tracker, query)[0]).toBe('tracker__tracker_search_issues');
    const led = scores(tracker, query);
    const unled = scores(tracker, query, { leadingActionWeight: 0 });
    expect(led['tracker__tracker_search_issues']).toBeCloseTo(
      (1 + DEFAULT_RANKING_OPTIONS.leadingActionWeight) * (unled['tracker__tracker_search_issues'] ?? 0),
      3,
    );
    expect(led['tracker__tracker_assign_issue']).toBe(unled['tracker__tracker_assign_issue']);
  });
});

describe('what a query says beyond its words', () => {
  it('meets a word that tools write as one ("roll back" → rollback)', () => {
    const ops: Servers = [
      [
        { id: 'ops' },
        [tool('rollback', 'Restore the previous version.'), tool('backup', 'Copy the data somewhere safe.')],
      ],
    ];
    // Neither "roll" nor "back" is a word of these tools ("back" only completes to "backup");
    // joined, they name one.
    expect(ranked(ops, 'roll back')).toEqual(['ops__rollback', 'ops__backup']);
    expect(ranked(ops, 'roll the backup')).toEqual(['ops__backup']);
  });

  it('reads quoted text as what to pass, not what to do', () => {
    const tools: Servers = [
      [
        { id: 'tools' },
        [
          tool('translate_text', 'Translate text into another language, such as German or French.'),
          tool('list_invoices', 'List the overdue or paid invoices of a customer.'),
        ],
      ],
    ];
    // Unquoted, the invoice words outweigh the one word of need; quoted, they are only the text.
    expect(ranked(tools, 'how do you say the invoice is overdue in German')[0]).toBe('tools__list_invoices');
    expect(ranked(tools, "how do you say 'the invoice is overdue' in German")[0]).toBe(
      'tools__translate_text',
    );
  });

  it('reads "which files…" as asking for a list: `list` counts as a covered name word', () => {
    const files: Servers = [
      [
        { id: 'disk' },
        [tool('list_files', 'Files under a path.'), tool('read_files', 'Files under a path.')],
      ],
    ];
    // The same terms either way ("which" and "are" are stop words); only the question implies a list.
    const statement = scores(files, 'files under docs');
    const question = scores(files, 'which files are under docs?');
    expect(statement['disk__list_files']).toBe(statement['disk__read_files']);
    expect(question['disk__list_files']).toBeGreaterThan(statement['disk__list_files'] ?? Infinity);
    expect(question['disk__read_files']).toBe(statement['disk__read_files']);
  });
});
