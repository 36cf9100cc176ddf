// Payments, CRM, support and commerce, then the web and utility servers. Most capabilities here have
// a single provider, so open queries often have one or two answers.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './third-options';

const OPEN_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-biz-charged-twice',
    'customer was charged twice for the same order, give back the 40 euro of the second charge',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled(
    'third-biz-churn-this-month',
    'churn check: which subscriptions got canceled this month',
    ['stripe__list_subscriptions'],
    TUNE,
  ),
  labeled(
    'third-biz-consulting-line-items',
    'bill cus_8812 for 3 hours of consulting as an invoice with line items, due in 30 days',
    ['stripe__create_invoice'],
    TUNE,
  ),
  // A lead is a contact in one CRM and a Lead record in the other.
  labeled(
    'third-biz-conference-lead',
    'new lead from the conference: Maria Lopez, maria@globex.io, works at Globex - put her into the CRM',
    ['hubspot__hubspot_create_contact', 'salesforce__createRecord'],
    TUNE,
  ),
  labeled(
    'third-biz-globex-closed-won',
    'Globex signed! the deal should show as Closed Won in the pipeline',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    TUNE,
  ),
  labeled(
    'third-biz-export-broken-case',
    'a customer wrote us that the CSV export is broken; open a high-priority support case for them',
    ['zendesk__create_ticket'],
    TUNE,
  ),
  labeled(
    'third-biz-ai-act-this-week',
    'what happened this week with the EU AI Act, any recent news articles?',
    ['brave-search__brave_news_search'],
    TUNE,
  ),
  labeled(
    'third-biz-pricing-page-markdown',
    'get me the content of https://example.com/pricing as markdown so I can read it',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    TUNE,
  ),
  labeled(
    'third-biz-train-lyon-geneva',
    'how long does it take by train from Lyon to Geneva',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled(
    'third-biz-rain-in-oslo',
    'is it going to rain in Oslo in the next three days',
    ['weather__get-forecast'],
    TUNE,
  ),
  labeled(
    'third-biz-portuguese-to-english',
    'this customer email is in Portuguese, make it English for me',
    ['translate__translate_text'],
    TUNE,
  ),
  labeled(
    'third-biz-talk-captions',
    'I need the captions of the conference talk video so I can summarize it',
    ['youtube__getTranscript'],
    TUNE,
  ),
  labeled(
    'third-biz-tokyo-now',
    'what time is it now in Tokyo, our standup partner sits there',
    ['time__get_current_time'],
    TUNE,
  ),
];

const NAMED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-biz-hubspot-owners-routing',
    'HubSpot: who can own records, I need to route the new lead to someone',
    ['hubspot__hubspot_list_owners'],
    NAMED,
  ),
  labeled(
    'third-biz-salesforce-opportunity-fields',
    'Salesforce: what fields and relationships does Opportunity have',
    ['salesforce__describeObject'],
    NAMED,
  ),
  labeled(
    'third-biz-zendesk-refund-macro',
    "Zendesk ticket 5512 - apply the 'refund approved' macro",
    ['zendesk__apply_macro'],
    NAMED,
  ),
  labeled(
    'third-biz-shopify-dhl-shipped',
    'Shopify order #1043 left the warehouse with DHL, tracking 00340434, mark it shipped',
    ['shopify__fulfill_order'],
    NAMED,
  ),
  labeled(
    'third-biz-firecrawl-pages-of-docs',
    'Firecrawl: I just need the sitemap-like list of pages on docs.example.com',
    ['firecrawl__firecrawl_map_site'],
    NAMED,
  ),
];

const FILTERED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-biz-f-stripe-available-pending',
    'how much is available vs still pending on the account',
    ['stripe__get_balance'],
    within('stripe'),
  ),
  labeled(
    'third-biz-f-figma-design-tokens',
    'design tokens - the colors and text styles from file k3Yp',
    ['figma__get_styles'],
    within('figma'),
  ),
];

export const THIRD_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  ...OPEN_QUERIES,
  ...NAMED_QUERIES,
  ...FILTERED_QUERIES,
];
