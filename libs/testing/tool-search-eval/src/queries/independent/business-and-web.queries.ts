// Payments, CRM, support, commerce, design and the web and utility servers (search, fetch, browser,
// maps, time, translation, video).
import { type LabeledQuery, labeled } from '../labeled-query';
import { HELDOUT, NAMED, within } from './independent-options';

const OPEN: readonly LabeledQuery[] = [
  labeled(
    'indep-biz-partial-refund',
    'customer was double charged, give back $20 on payment pi_3NxAbc12',
    ['stripe__create_refund'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-ai-act-headlines',
    "what's in the news about the EU AI Act this week",
    ['brave-search__brave_news_search', 'brave-search__brave_web_search'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-page-as-markdown',
    'pull https://docs.example.dev/quickstart into markdown so I can read it',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-checkout-screenshot',
    'grab a screenshot of the checkout page after the form is filled in',
    ['browser__browser_take_screenshot'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-paragraph-to-german',
    'put this paragraph into German for the Berlin office',
    ['translate__translate_text'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-porto-lisbon-drive',
    'how long is the drive from Porto to Lisbon',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-video-captions',
    'get me the captions of video dQw4w9WgXcQ so I can summarize it',
    ['youtube__getTranscript'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-billing-tickets-acme',
    "open support tickets tagged 'billing' from acme.com customers",
    ['zendesk__search_tickets'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-ramen-nearby',
    'ramen spots near Union Square SF',
    ['brave-search__brave_local_search', 'google-maps__maps_search_places'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-deal-closed-won',
    'Acme renewal signed - move the deal to Closed Won',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    HELDOUT,
  ),
  labeled(
    'indep-biz-pst-to-berlin',
    "standup is 3pm PST, what's that in Berlin?",
    ['time__convert_time'],
    HELDOUT,
  ),
];

const NAMED_PRODUCT: readonly LabeledQuery[] = [
  labeled(
    'indep-biz-shopify-ship-1042',
    'shopify order #1042 shipped via UPS 1Z999AA10123456784, close it out',
    ['shopify__fulfill_order'],
    NAMED,
  ),
  labeled(
    'indep-biz-stripe-payout-funds',
    'how much money is sitting in Stripe ready to pay out',
    ['stripe__get_balance'],
    NAMED,
  ),
  labeled(
    'indep-biz-soql-retail-accounts',
    "SOQL: SELECT Id, Name FROM Account WHERE Industry = 'Retail'",
    ['salesforce__soqlQuery'],
    NAMED,
  ),
  labeled(
    'indep-biz-hubspot-call-note',
    'hubspot: jot down on contact 5512 that we called and they want a demo',
    ['hubspot__hubspot_create_note'],
    NAMED,
  ),
  labeled(
    'indep-biz-arxiv-abstract',
    'abstract and authors of arxiv 2401.01234',
    ['arxiv__get_paper'],
    NAMED,
  ),
];

const SERVER_FILTER: readonly LabeledQuery[] = [
  labeled(
    'indep-biz-filter-browser-js-errors',
    'any JS errors showing up in the console?',
    ['browser__browser_get_console_logs'],
    within('browser'),
  ),
  labeled(
    'indep-biz-filter-zendesk-canned-reply',
    "use the 'refund approved' canned response on ticket 8812",
    ['zendesk__apply_macro'],
    within('zendesk'),
  ),
  labeled(
    'indep-biz-filter-figma-design-tokens',
    'design tokens: colors and text styles from the design system file',
    ['figma__get_styles'],
    within('figma'),
  ),
];

export const INDEPENDENT_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  ...OPEN,
  ...NAMED_PRODUCT,
  ...SERVER_FILTER,
];
