// Billing, CRM, support desk and the store, then the web, design and utility servers, asked in the
// words of sales, support and finance (churn, dunning, MRR, canned replies). Most capabilities here
// have one provider, so open queries often carry one or two answers.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fourth-options';

export const FOURTH_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  // Payments, CRM, support, commerce.
  labeled(
    'fourth-biz-double-charged',
    'customer got charged twice — send back the second $49',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled(
    'fourth-biz-rough-mrr',
    'how many customers are still paying us every month? need a rough MRR for the board update',
    ['stripe__list_subscriptions'],
    TUNE,
  ),
  labeled(
    'fourth-biz-dunning-chase',
    'which invoices are past due so dunning can chase them?',
    ['stripe__list_invoices'],
    TUNE,
  ),
  labeled(
    'fourth-biz-demo-call',
    'log that I called jane@globex.com and she wants a demo in July',
    ['hubspot__hubspot_create_note', 'salesforce__createRecord'],
    TUNE,
  ),
  labeled(
    'fourth-biz-sso-loop',
    'bob@client.com wrote in a couple of days ago about getting stuck in an SSO login loop and now his VP is emailing me directly — what state is that ticket in and who on support has it?',
    ['zendesk__search_tickets', 'zendesk__get_ticket'],
    TUNE,
  ),
  labeled(
    'fourth-biz-eng-on-it',
    "leave an internal note on ticket 5521 that eng is on it, don't notify the customer",
    ['zendesk__add_ticket_comment'],
    TUNE,
  ),
  labeled(
    'fourth-biz-summer20',
    'set up SUMMER20 for 20% off starting June 1',
    ['shopify__create_discount_code'],
    TUNE,
  ),

  // Web research and browsing.
  labeled(
    'fourth-biz-ai-act',
    "what's the latest on the EU AI Act this week?",
    ['brave-search__brave_news_search', 'brave-search__brave_web_search'],
    TUNE,
  ),
  labeled(
    'fourth-biz-py313-breaks',
    'read https://docs.python.org/3/whatsnew/3.13.html and tell me what breaks for us',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    TUNE,
  ),
  labeled(
    'fourth-biz-pricing-full-height',
    'screenshot https://staging.acme.io/pricing full height so design can compare',
    ['browser__browser_take_screenshot'],
    TUNE,
  ),
  labeled(
    'fourth-biz-signup-js-error',
    'the signup page throws something in devtools, what is it saying?',
    ['browser__browser_get_console_logs'],
    TUNE,
  ),
  labeled(
    'fourth-biz-competitor-json',
    'pull product name, price and rating off these 12 competitor pages into JSON',
    ['firecrawl__firecrawl_extract'],
    TUNE,
  ),

  // Design and utilities.
  labeled(
    'fourth-biz-design-tokens',
    'what color tokens and type ramps does the design system file define?',
    ['figma__get_styles'],
    TUNE,
  ),
  labeled(
    'fourth-biz-lyon-geneva',
    'Lyon to Geneva by car right now, how long?',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled('fourth-biz-dublin-rain', 'rain in Dublin this weekend?', ['weather__get-forecast'], TUNE),
  labeled(
    'fourth-biz-japanese-reply',
    'put this error message into Japanese for the support reply',
    ['translate__translate_text'],
    TUNE,
  ),
  labeled(
    'fourth-biz-video-captions',
    'what is the speaker actually saying in video dQw4w9WgXcQ? I want the captions',
    ['youtube__getTranscript'],
    TUNE,
  ),

  // Named products.
  labeled(
    'fourth-biz-stripe-churn',
    'acme-corp is churning; end their Stripe plan when the current billing period runs out',
    ['stripe__cancel_subscription'],
    NAMED,
  ),
  labeled(
    'fourth-biz-hubspot-won',
    'Globex signed! mark it closed-won in HubSpot',
    ['hubspot__hubspot_update_deal_stage'],
    NAMED,
  ),
  labeled(
    'fourth-biz-salesforce-account-fields',
    'what custom fields hang off Account in our Salesforce org?',
    ['salesforce__describeObject'],
    NAMED,
  ),
  labeled(
    'fourth-biz-shopify-ups',
    'order #1047 went out with UPS 1Z999AA10123456784, mark it shipped in Shopify',
    ['shopify__fulfill_order'],
    NAMED,
  ),
  labeled(
    'fourth-biz-figma-hero-svg',
    "export the 'Hero / Desktop' frame from Figma file aBc123 as SVG",
    ['figma__export_images'],
    NAMED,
  ),

  // Server filter.
  labeled(
    'fourth-biz-cash-on-hand',
    'how much cash is in the account right now, available vs pending?',
    ['stripe__get_balance'],
    within('stripe'),
  ),
  labeled(
    'fourth-biz-big-opps',
    'every Opportunity over 50k closing this quarter',
    ['salesforce__soqlQuery'],
    within('salesforce'),
  ),
  labeled(
    'fourth-biz-canned-refund',
    "use the 'refund approved' canned reply on ticket 88412",
    ['zendesk__apply_macro'],
    within('zendesk'),
  ),
];
