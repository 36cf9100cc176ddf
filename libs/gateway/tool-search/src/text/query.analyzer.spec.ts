import { describe, expect, it } from '@jest/globals';
import { analyzeQuery, MAX_QUERY_TERMS } from './query.analyzer';
import { analyzeText } from './term.analyzer';

const termsOf = (query: string) => analyzeQuery(query).terms.map((term) => term.term);

/** Each query term, and whether it only came from argument-shaped words. */
const flags = (query: string) =>
  Object.fromEntries(analyzeQuery(query).terms.map((term) => [term.term, term.argumentOnly]));

describe('analyzeQuery', () => {
  it('drops agent phrasing and function words, and stems the rest', () => {
    expect(termsOf('Please, I need a tool to list the open issues')).toEqual(['list', 'open', 'issu']);
    expect(termsOf('please help me')).toEqual([]);
  });

  it('analyzes documents and queries alike', () => {
    expect(analyzeText('Lists open issues')).toEqual(termsOf('listing opened issue'));
  });

  it('adds synonyms of each word', () => {
    const [fetch] = analyzeQuery('fetch').terms;
    expect(fetch?.synonyms).toEqual(expect.arrayContaining(['get', 'retriev']));
    expect(fetch?.synonyms).not.toContain('fetch');
  });

  it('reads an arithmetic expression as a need to calculate it', () => {
    const needs = (query: string) =>
      analyzeQuery(query)
        .terms.filter((term) => !term.argumentOnly)
        .map((term) => term.term);
    const calculate = analyzeText('calculate expression sum');
    expect(needs('41 + 17')).toEqual(calculate);
    expect(needs('What is (12.5 * 4) / 3?')).toEqual(calculate);
    expect(needs('2^10')).toEqual(calculate);
    expect(needs('10 - 3')).toEqual(calculate);
    expect(needs("what's 17.5% of 2,340?")).toEqual(calculate);
    expect(needs('add 19 and 23')).toEqual([...analyzeText('add'), ...calculate]);
    expect(needs('multiply 6 by 7')).toEqual([...analyzeText('multiply'), ...calculate]);
    // Numbers alone, dates and ranges are values, not sums.
    expect(needs('release 2024-05-01 of v1.2')).not.toEqual(expect.arrayContaining(calculate));
    expect(needs('issues 10 to 20')).toEqual(analyzeText('issues'));
    expect(needs('add 2 users to the team')).toEqual(analyzeText('add users team'));
    expect(needs('a 20% discount on order 4411')).toEqual(analyzeText('discount order'));
  });

  it("maps engineers' shorthand to the words tools use", () => {
    const [dm] = analyzeQuery('dm').terms;
    expect(dm?.synonyms).toContain(analyzeText('direct')[0]);
    const [mkdir] = analyzeQuery('mkdir').terms;
    expect(mkdir?.related).toEqual(expect.arrayContaining(analyzeText('create directory')));
  });

  it('adds related words one way only', () => {
    const [space] = analyzeQuery('space').terms;
    expect(space?.related).toContain('siz');
    expect(space?.synonyms).not.toContain('siz');
    const [size] = analyzeQuery('size').terms;
    expect([...(size?.synonyms ?? []), ...(size?.related ?? [])]).not.toContain('spac');
  });

  it('joins adjacent words and notes an implied list, beside the terms', () => {
    const analyzed = analyzeQuery('Which releases can I roll back?');
    expect(analyzed.terms.map((term) => term.term)).toEqual(['relea', 'roll', 'back']);
    expect(analyzed.joinedWords).toContain('rollback');
    expect(analyzed.impliedActions).toEqual(['list']);
  });

  it('matches the last word of the need by prefix, and only from three letters on', () => {
    const terms = analyzeQuery('directory tre').terms;
    expect(terms.map((term) => [term.term, term.prefix])).toEqual([
      ['directory', false],
      ['tre', true],
    ]);
    expect(analyzeQuery('list go').terms.find((term) => term.term === 'go')?.prefix).toBe(false);
  });

  it('marks words shaped like argument values and keeps prefix matching for the need', () => {
    const query = 'read notes/todo.md finance@acme.com ENG-12 2026';
    expect(flags(query)).toMatchObject({
      read: false,
      not: true,
      todo: true,
      financ: true,
      eng: true,
      '2026': true,
    });
    expect(
      analyzeQuery(query)
        .terms.filter((term) => term.prefix)
        .map((term) => term.term),
    ).toEqual(['read']);
  });

  it('does not mark a word as an argument when it also occurs as a need', () => {
    const terms = analyzeQuery('read file report.pdf');
    expect(terms.terms.find((term) => term.term === 'fil')?.argumentOnly).toBe(false);
    expect(terms.terms.find((term) => term.term === 'report')?.argumentOnly).toBe(true);
  });

  it('reads quoted text as a value, but not apostrophes inside words', () => {
    expect(flags("post 'deploy finished' to #releases")).toEqual({
      post: false,
      deploy: true,
      finish: true,
      relea: true,
      // What the channel implies, at the argument weight.
      channel: true,
    });
    expect(flags('set my status to “out sick” and `env`')).toMatchObject({
      set: false,
      out: true,
      sick: true,
      env: true,
    });
    expect(flags("what's in today's report")).toEqual({ report: false, today: false });
    // A word quoted once and written plainly too is still a need.
    expect(flags('rename "report" to report 2')).toMatchObject({ renam: false, report: false });
  });

  it('adds the word a value implies, at the argument weight, once', () => {
    const query = 'move ENG-12 and ENG-14 to #triage for @ana';
    expect(flags(query)).toMatchObject({ issu: true, channel: true, user: true, mov: false });
    expect(analyzeQuery(query).terms.filter((term) => term.term === 'issu')).toHaveLength(1);
    // An implied word the agent also wrote is a need.
    expect(
      analyzeQuery('which issue is ENG-12').terms.find((term) => term.term === 'issu')?.argumentOnly,
    ).toBe(false);
  });

  it("reads a plan's later steps at the argument weight", () => {
    expect(flags('first find the repository, then open a fix')).toMatchObject({
      find: false,
      repository: false,
      open: true,
      fix: true,
    });
    expect(flags('list pods and then restart them')).toMatchObject({
      list: false,
      pod: false,
      restart: true,
    });
    expect(flags('step 1: export the table; step 2: email it')).toMatchObject({ export: false, email: true });
    // "Then" at the start is not a later step, and a plain query has none.
    expect(flags('then restart the pods')).toMatchObject({ restart: false });
    expect(Object.values(flags('restart the pods in staging'))).not.toContain(true);
  });

  it('tolerates typos in longer words only', () => {
    const distances = Object.fromEntries(
      analyzeQuery('get issue kubernetes repository').terms.map((term) => [term.term, term.maxEditDistance]),
    );
    expect(distances).toEqual({ get: 0, issu: 0, kubernet: 1, repository: 2 });
  });

  it('keeps the words of the query in their original case, trimmed of punctuation', () => {
    expect(analyzeQuery('Call "getFileContents", then `github__get_me`.').words).toEqual([
      'Call',
      'getFileContents',
      'then',
      'github__get_me',
    ]);
  });

  it('ranks at most a fixed number of terms', () => {
    const long = Array.from(
      { length: 50 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index}`,
    );
    expect(analyzeQuery(long.join(' ')).terms.length).toBe(MAX_QUERY_TERMS);
  });
});
