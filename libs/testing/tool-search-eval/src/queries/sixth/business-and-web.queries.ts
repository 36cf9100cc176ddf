// Sixth tuning set: payments, CRM, support, commerce, tasks, the web and utilities.
// Open queries list every catalog tool that meets the need; a named product or a server filter
// keeps the answers inside that one server.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './sixth-options';

export const SIXTH_BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'sixth-biz-01',
    'dunning queue past-due subscriptions',
    ['stripe__list_subscriptions', 'stripe__list_invoices'],
    TUNE,
  ),
  labeled('sixth-biz-02', 'refund order 1043', ['shopify__cancel_order', 'stripe__create_refund'], TUNE),
  labeled('sixth-biz-03', 'deal pipeline Q3', ['hubspot__hubspot_list_deals', 'salesforce__soqlQuery'], TUNE),
  labeled(
    'sixth-biz-04',
    'merch ops: which SKUs are about to sell out',
    ['shopify__list_products', 'shopify__get_product'],
    TUNE,
  ),
  labeled('sixth-biz-05', '72 fahrenheit in celsius', ['calculator__convert_units'], TUNE),
  labeled('sixth-biz-06', 'time in Singapore now', ['time__get_current_time'], TUNE),
  labeled(
    'sixth-biz-07',
    'commute time office to airport',
    ['google-maps__maps_get_directions', 'google-maps__maps_distance_matrix'],
    TUNE,
  ),
  labeled('sixth-biz-08', 'keynote captions text', ['youtube__getTranscript'], TUNE),
  labeled('sixth-biz-09', 'papers on retrieval-augmented generation', ['arxiv__search_papers'], TUNE),
  labeled(
    'sixth-biz-10',
    'sitemap urls competitor site',
    ['firecrawl__firecrawl_map_site', 'firecrawl__firecrawl_crawl'],
    TUNE,
  ),
  labeled(
    'sixth-biz-11',
    'first issue a credit for the duplicate charge on cus_8812, then email the customer',
    ['stripe__create_refund'],
    TUNE,
  ),
  labeled(
    'sixth-biz-12',
    'churned accounts: who cancelled their plan this month',
    ['stripe__list_subscriptions'],
    TUNE,
  ),
  labeled(
    'sixth-biz-13',
    "first escalate the enterprise customer's ticket to urgent and route it to tier 2, then notify the CSM",
    ['zendesk__update_ticket'],
    TUNE,
  ),
  labeled(
    'sixth-biz-14',
    'log call notes against the Acme opportunity',
    ['hubspot__hubspot_create_note', 'salesforce__createRecord'],
    TUNE,
  ),
  labeled(
    'sixth-biz-15',
    'move the Globex deal to closed-won',
    ['hubspot__hubspot_update_deal_stage', 'salesforce__updateRecord'],
    TUNE,
  ),
  labeled(
    'sixth-biz-16',
    'step one: pull the pricing table off a competitor page as clean markdown; step two: compare with ours',
    ['firecrawl__firecrawl_scrape', 'fetch__fetch', 'firecrawl__firecrawl_extract'],
    TUNE,
  ),
  labeled(
    'sixth-biz-17',
    'full-page capture of the checkout screen for the QA report',
    ['browser__browser_take_screenshot'],
    TUNE,
  ),
  labeled('sixth-biz-18', 'localize the release blurb into German', ['translate__translate_text'], TUNE),
  labeled(
    'sixth-biz-19',
    'hit the public JSON endpoint and give me the payload',
    ['fetch__fetch_json', 'fetch__fetch'],
    TUNE,
  ),
  labeled(
    'sixth-biz-20',
    "First find the customer record by email in billing, then I'll open a refund",
    ['stripe__list_customers'],
    TUNE,
  ),
  labeled(
    'sixth-biz-21',
    'step 1: break the launch checklist into subtasks under the parent task; step 2: assign owners',
    ['asana__asana_add_subtask', 'clickup__add_subtask', 'todoist__add-subtask', 'monday__add_subtask'],
    TUNE,
  ),
  labeled(
    'sixth-biz-22',
    'first tick off the to-dos I finished today, then plan tomorrow',
    [
      'asana__asana_complete_task',
      'clickup__complete_task',
      'todoist__complete-task',
      'trello__completeCard',
      'monday__complete_item',
    ],
    TUNE,
  ),
  labeled(
    'sixth-biz-23',
    'first get opening hours for the bakery on Elm St, then plan the route',
    ['google-maps__maps_get_place_details', 'brave-search__brave_local_search'],
    TUNE,
  ),
  labeled(
    'sixth-biz-24',
    'first work out 1.07^5 for the growth slide, then paste it into the deck',
    ['calculator__evaluate_expression'],
    TUNE,
  ),
  labeled('sixth-biz-25', 'Stripe checkout link for the annual plan', ['stripe__create_payment_link'], NAMED),
  labeled(
    'sixth-biz-26',
    'HubSpot owners for round-robin assignment',
    ['hubspot__hubspot_list_owners'],
    NAMED,
  ),
  labeled(
    'sixth-biz-27',
    "Todoist: first push the dentist task to next Tuesday, then clear today's list",
    ['todoist__set-due-date', 'todoist__update-task'],
    NAMED,
  ),
  labeled('sixth-biz-28', 'Trello card for the bug bash', ['trello__createCard'], NAMED),
  labeled('sixth-biz-29', 'Zendesk help center SSO articles', ['zendesk__list_help_center_articles'], NAMED),
  labeled(
    'sixth-biz-30',
    "Asana: what's still open on my plate in the Q3 launch project",
    ['asana__asana_list_tasks', 'asana__asana_search_tasks'],
    NAMED,
  ),
  labeled(
    'sixth-biz-31',
    'first pull opportunities over 50k closing this quarter, then build the forecast',
    ['salesforce__soqlQuery'],
    within('salesforce'),
  ),
  labeled('sixth-biz-32', 'orders since Monday still unshipped', ['shopify__list_orders'], within('shopify')),
  labeled('sixth-biz-33', 'hero frame as svg', ['figma__export_images'], within('figma')),
  labeled('sixth-biz-34', 'which boards do we have', ['monday__list_boards'], within('monday')),
  labeled(
    'sixth-biz-35',
    'type the coupon into the promo field',
    ['browser__browser_fill'],
    within('browser'),
  ),
];
