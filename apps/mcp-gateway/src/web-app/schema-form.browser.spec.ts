// The test bench's JSON-Schema form as a component, in Chromium: every kind of field it shows
// (text, whole and decimal numbers, a choice, a checkbox, lists, a nested group), required
// markers, the problems that stop a call named by path, the arguments it builds, and the schemas
// it leaves to raw JSON; laid out and labelled well enough for axe.
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  buildWithVite,
  checkLayout,
  launchChromium,
  newContext,
  screenshot,
  serveBuild,
} from './browser.spec-helpers';

const ORIGIN = 'http://fixture.test';

describe('the JSON-Schema form', () => {
  let directory: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    directory = buildWithVite('libs/web/gateway-dashboard/component-tests/vite.config.mts');
    browser = await launchChromium();
  }, 120_000);

  beforeEach(async () => {
    page = await (await newContext(browser, { width: 375 })).newPage();
    await serveBuild(page, ORIGIN, directory);
    await page.goto(`${ORIGIN}/schema-form.html`);
    await page.getByRole('heading', { name: 'Schema form' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const converted = async () => JSON.parse(await page.getByTestId('converted').innerText()) as unknown;

  it('names every missing required field, nested ones by path', async () => {
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toEqual({
      ok: false,
      problems: ['title: required', 'count: required', 'mode: required', 'owner: required'],
    });
    await page.getByLabel('age').fill('40');
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toMatchObject({ problems: expect.arrayContaining(['owner.name: required']) });
  });

  it('refuses numbers that are not numbers, not whole or out of range', async () => {
    await page.getByLabel('count').fill('2.5');
    await page.getByLabel('ratio').fill('half');
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toMatchObject({
      problems: expect.arrayContaining(['count: must be a whole number', 'ratio: must be a number']),
    });
    await page.getByLabel('count').fill('11');
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toMatchObject({
      problems: expect.arrayContaining(['count: must be at most 10']),
    });
  });

  it('builds the arguments from every kind of field, leaving empty optional ones out', async () => {
    await page.getByLabel('title').fill('Report');
    await page.getByLabel('count').fill('3');
    await page.getByLabel('mode').selectOption('fast');
    await page.getByLabel('verbose').check();
    await page.getByRole('button', { name: 'Add tags item' }).click();
    await page.getByLabel('tags item 1', { exact: true }).fill('a');
    await page.getByRole('button', { name: 'Add tags item' }).click();
    await page.getByLabel('tags item 2', { exact: true }).fill('b');
    await page.getByRole('button', { name: 'Add sizes item' }).click();
    await page.getByLabel('sizes item 1', { exact: true }).fill('7');
    await page.getByLabel('name').fill('ann');
    await screenshot(page, 'component-schema-form');
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toEqual({
      ok: true,
      value: {
        title: 'Report',
        count: 3,
        ratio: 0.5,
        mode: 'fast',
        verbose: true,
        tags: ['a', 'b'],
        sizes: [7],
        owner: { name: 'ann' },
      },
    });
    await page.getByRole('button', { name: 'Remove tags item 1' }).click();
    await page.getByRole('button', { name: 'Convert' }).click();
    expect(await converted()).toMatchObject({ value: { tags: ['b'] } });
  });

  it('marks required fields and describes fields from the schema', async () => {
    const title = page.getByLabel('title');
    expect(await title.getAttribute('aria-required')).toBe('true');
    expect(await page.getByLabel('ratio').getAttribute('aria-required')).toBe('false');
    expect(await title.evaluate('(input) => input.getAttribute("aria-describedby")')).not.toBeNull();
    expect(await page.getByText('What to call it').count()).toBe(1);
  });

  it('leaves free-form objects, arrays of objects and union types to raw JSON', async () => {
    expect(await page.getByTestId('not-forms').innerText()).toBe(
      'free-form object: raw JSON\narray of objects: raw JSON\nunion type: raw JSON',
    );
  });

  it('fits a phone and passes the accessibility scan', async () => {
    expect(await checkLayout(page)).toEqual({ horizontalOverflow: 0, seriousViolations: [] });
  });
});
