// Business and web needs (payments, CRM, support, shop, web, documents, everyday utilities) as
// finance, sales, support and curious people would put them.
import { type LabeledQuery, labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fifth-options';

export const FIFTH_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fifth-biz-01',
    'are we still billing Northwind Ltd every month?',
    ['stripe__list_subscriptions'],
    TUNE,
  ),
  labeled(
    'fifth-biz-02',
    'give Mrs Patel her £45 back for the damaged parcel',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled(
    'fifth-biz-03',
    'how much money is sitting in the payments account right now?',
    ['stripe__get_balance'],
    TUNE,
  ),
  labeled(
    'fifth-biz-04',
    'bill Contoso €1,200 for the March consultancy, payable within 30 days',
    ['stripe__create_invoice'],
    TUNE,
  ),
  labeled('fifth-biz-05', "which of cus_Q82's bills are still outstanding?", ['stripe__list_invoices'], TUNE),
  labeled(
    'fifth-biz-06',
    'jot in the CRM that I rang Jenna at Brightwave about her renewal',
    ['hubspot__hubspot_create_note', 'salesforce__createRecord'],
    TUNE,
  ),
  labeled(
    'fifth-biz-07',
    'the Globex opportunity is won, mark it so',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    TUNE,
  ),
  labeled(
    'fifth-biz-08',
    'look up the prospect tom@brightwave.io',
    ['hubspot__hubspot_search_contacts', 'salesforce__soslSearch', 'salesforce__soqlQuery'],
    TUNE,
  ),
  labeled(
    'fifth-biz-09',
    'a customer says their export is broken, raise it with the helpdesk',
    ['zendesk__create_ticket'],
    TUNE,
  ),
  labeled(
    'fifth-biz-10',
    'is there a self-serve guide for customers on resetting 2FA?',
    ['zendesk__list_help_center_articles'],
    TUNE,
  ),
  labeled(
    'fifth-biz-11',
    'dispatch order #1043 with Royal Mail tracking RM123456GB',
    ['shopify__fulfill_order'],
    TUNE,
  ),
  labeled(
    'fifth-biz-12',
    'latest press coverage on the Ofgem price cap',
    ['brave-search__brave_news_search', 'brave-search__brave_web_search'],
    TUNE,
  ),
  labeled(
    'fifth-biz-13',
    'turn https://example.org/post/42 into something I can read without the clutter',
    ['fetch__fetch', 'firecrawl__firecrawl_scrape'],
    TUNE,
  ),
  labeled(
    'fifth-biz-14',
    "how long's the drive from Manchester to Leeds?",
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled(
    'fifth-biz-15',
    'will I need a brolly in Melbourne tomorrow arvo?',
    ['weather__get-forecast'],
    TUNE,
  ),
  labeled('fifth-biz-16', "if it's 3pm in Sydney, what time is it in Denver?", ['time__convert_time'], TUNE),
  labeled(
    'fifth-biz-17',
    'recent preprints on retrieval-augmented generation',
    ['arxiv__search_papers'],
    TUNE,
  ),
  labeled(
    'fifth-biz-18',
    "jot today's meeting minutes up as a new page in the team wiki",
    ['notion__create_page', 'confluence__confluence_create_page'],
    TUNE,
  ),
  labeled(
    'fifth-biz-19',
    'what does the speaker actually say in this conference talk video, word for word?',
    ['youtube__getTranscript'],
    TUNE,
  ),
  labeled('fifth-biz-20', "what's 17.5% of 2,340?", ['calculator__evaluate_expression'], TUNE),
  labeled('fifth-biz-21', 'pull the colour palette out of Figma file abc123', ['figma__get_styles'], NAMED),
  labeled(
    'fifth-biz-22',
    'in Notion, narrow the hiring tracker down to candidates at offer stage',
    ['notion__query_database'],
    NAMED,
  ),
  labeled(
    'fifth-biz-23',
    "what sits beneath the 'Runbooks' page in Confluence?",
    ['confluence__confluence_get_page_children'],
    NAMED,
  ),
  labeled(
    'fifth-biz-24',
    "swap every 'FY24' for 'FY25' in the budget Google Doc",
    ['google-docs__replaceText'],
    NAMED,
  ),
  labeled(
    'fifth-biz-25',
    "which of my Obsidian notes point at 'Project Phoenix'?",
    ['obsidian__get-backlinks'],
    NAMED,
  ),
  labeled(
    'fifth-biz-26',
    "what fields does Salesforce's Opportunity object carry?",
    ['salesforce__describeObject'],
    NAMED,
  ),
  labeled(
    'fifth-biz-27',
    'stop charging sub_9XK once this billing period ends',
    ['stripe__cancel_subscription'],
    within('stripe'),
  ),
  labeled(
    'fifth-biz-28',
    'orders since 1 June still waiting to go out',
    ['shopify__list_orders'],
    within('shopify'),
  ),
  labeled(
    'fifth-biz-29',
    'snap how the pricing page looks right now',
    ['browser__browser_take_screenshot'],
    within('browser'),
  ),
  labeled(
    'fifth-biz-30',
    'pull company name, price and plan tiers from these three pricing pages as JSON',
    ['firecrawl__firecrawl_extract'],
    within('firecrawl'),
  ),
];
