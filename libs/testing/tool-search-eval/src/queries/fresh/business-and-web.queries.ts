// Fresh tuning queries (see ../fresh-tuning.queries.ts): business tools, the web and utilities.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './fresh-options';

const BUSINESS_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-biz-double-charge',
    'customer got charged twice, give back pi_3NkQ7',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled('fresh-biz-balance', 'stripe payout balance', ['stripe__get_balance'], NAMED),
  labeled(
    'fresh-biz-closed-won',
    'Globex deal is closed won, update the pipeline',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    TUNE,
  ),
  labeled(
    'fresh-biz-soql',
    'SELECT Id, Name FROM Opportunity WHERE CloseDate = THIS_QUARTER',
    ['salesforce__soqlQuery'],
    TUNE,
  ),
  labeled(
    'fresh-biz-account-fields',
    'what fields does Account have',
    ['salesforce__describeObject'],
    within('salesforce'),
  ),
  labeled(
    'fresh-biz-crm-lookup',
    'look up jane@initech.com in the CRM',
    ['hubspot__hubspot_search_contacts', 'salesforce__soslSearch', 'salesforce__soqlQuery'],
    TUNE,
  ),
  labeled(
    'fresh-biz-zd-note',
    'leave an internal note on zendesk 90210, agents only',
    ['zendesk__add_ticket_comment'],
    NAMED,
  ),
  labeled(
    'fresh-biz-shipped',
    'shopify order 1042 went out with UPS 1Z999AA10123456784',
    ['shopify__fulfill_order'],
    NAMED,
  ),
  labeled(
    'fresh-biz-stock',
    'we have 40 of the blue XL hoodie at the Berlin warehouse now',
    ['shopify__update_inventory'],
    TUNE,
  ),
];

const WEB_AND_UTILITY_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-web-xz-news',
    'latest on the xz backdoor',
    ['brave-search__brave_news_search', 'brave-search__brave_web_search'],
    TUNE,
  ),
  labeled(
    'fresh-web-read-page',
    'read https://example.com/changelog for me',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    TUNE,
  ),
  labeled('fresh-web-crawl-docs', 'crawl docs.example.com, every page', ['firecrawl__firecrawl_crawl'], TUNE),
  labeled(
    'fresh-web-js-errors',
    'any JS errors showing up in devtools on the checkout page?',
    ['browser__browser_get_console_logs'],
    TUNE,
  ),
  labeled(
    'fresh-web-login-form',
    'type my email into the login box',
    ['browser__browser_fill'],
    within('browser'),
  ),
  labeled(
    'fresh-web-coffee',
    'coffee shops near Alexanderplatz',
    ['brave-search__brave_local_search', 'google-maps__maps_search_places'],
    TUNE,
  ),
  labeled(
    'fresh-web-sitemap',
    'sitemap of acme.dev, just the links',
    ['firecrawl__firecrawl_map_site'],
    TUNE,
  ),
  labeled(
    'fresh-util-commute',
    'how long is the drive from SFO to Palo Alto right now',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled('fresh-util-rain', 'will it rain in lisbon this weeknd', ['weather__get-forecast'], TUNE),
  labeled('fresh-util-pt-ist', "what's 9am PT in Bangalore", ['time__convert_time'], TUNE),
  labeled(
    'fresh-util-german',
    "how do you say 'the invoice is overdue' in German",
    ['translate__translate_text'],
    TUNE,
  ),
  labeled(
    'fresh-util-yt-captions',
    'captions of youtube video dQw4w9WgXcQ',
    ['youtube__getTranscript'],
    NAMED,
  ),
  labeled('fresh-util-arxiv', 'recent arxiv work on speculative decoding', ['arxiv__search_papers'], NAMED),
  labeled('fresh-util-fahrenheit', '72 F in celsius', ['calculator__convert_units'], TUNE),
  labeled('fresh-util-figma-svg', 'export the hero frame from figma as svg', ['figma__export_images'], NAMED),
];

export const FRESH_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  ...BUSINESS_QUERIES,
  ...WEB_AND_UTILITY_QUERIES,
];
