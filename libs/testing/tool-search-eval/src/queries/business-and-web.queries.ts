// Queries about payments, CRM, support, commerce, the web and small utilities.
import { labeled, type LabeledQuery } from './labeled-query';

const HINT = { hint: true };

export const BUSINESS_AND_WEB_QUERIES: readonly LabeledQuery[] = [
  labeled('stripe-refund', "Refund the customer's last payment in Stripe", ['stripe__create_refund'], HINT),
  labeled('sub-cancel', 'Cancel the subscription for customer cus_123', ['stripe__cancel_subscription']),
  labeled('stripe-balance', "What's our current Stripe balance?", ['stripe__get_balance'], HINT),
  labeled('payment-link', 'Create a payment link for the Pro plan', ['stripe__create_payment_link']),
  labeled(
    'hubspot-contact',
    'Find the HubSpot contact for jane@acme.com',
    ['hubspot__hubspot_search_contacts'],
    HINT,
  ),
  labeled(
    'hubspot-deal',
    'Move the Acme deal to Closed Won in HubSpot',
    ['hubspot__hubspot_update_deal_stage'],
    HINT,
  ),
  labeled(
    'sf-soql',
    'Run a SOQL query for open opportunities in Salesforce',
    ['salesforce__soqlQuery'],
    HINT,
  ),
  labeled(
    'sf-fields',
    'What fields does the Account object have in Salesforce?',
    ['salesforce__describeObject'],
    HINT,
  ),
  labeled('support-ticket', "Create a support ticket for the customer who can't log in", [
    'zendesk__create_ticket',
  ]),
  labeled('zd-note', 'Add an internal note to Zendesk ticket 4521', ['zendesk__add_ticket_comment'], HINT),
  labeled('zd-macro', "Apply the 'refund approved' macro to the ticket", ['zendesk__apply_macro']),
  labeled('tickets-refunds', 'search tickets about refunds', ['zendesk__search_tickets']),
  labeled(
    'shopify-fulfill',
    'Mark Shopify order #1001 as fulfilled with a tracking number',
    ['shopify__fulfill_order'],
    HINT,
  ),
  labeled('stock-tshirt', 'Set inventory of the blue t-shirt to 40 units', ['shopify__update_inventory']),
  labeled('discount-code', 'Create a 20% discount code for the summer sale', [
    'shopify__create_discount_code',
  ]),
  labeled('web-node-release', 'Search the web for the latest Node.js release', [
    'brave-search__brave_web_search',
    'brave-search__brave_news_search',
  ]),
  labeled('page-markdown', 'Get the content of https://example.com/docs as markdown', [
    'fetch__fetch',
    'firecrawl__firecrawl_scrape',
  ]),
  labeled('browser-screenshot', 'Take a screenshot of the checkout page in the browser', [
    'browser__browser_take_screenshot',
  ]),
  labeled('browser-click', "Click the 'Sign in' button on the page", ['browser__browser_click']),
  labeled('browser-fill', 'Fill the email field with test@example.com', ['browser__browser_fill']),
  labeled('crawl-docs', 'Crawl the docs site and collect all pages', ['firecrawl__firecrawl_crawl']),
  labeled('maps-directions', 'Get directions from Berlin Hbf to the airport by train', [
    'google-maps__maps_get_directions',
  ]),
  labeled('maps-geocode', 'What are the coordinates of 1600 Amphitheatre Parkway?', [
    'google-maps__maps_geocode',
  ]),
  labeled('weather-paris', "What's the weather forecast for Paris this weekend?", ['weather__get-forecast']),
  labeled('time-tokyo', 'What time is it in Tokyo?', ['time__get_current_time']),
  labeled('time-convert', 'Convert 3pm New York time to Berlin time', ['time__convert_time']),
  labeled('translate-de', 'Translate this paragraph into German', ['translate__translate_text']),
  labeled('yt-transcript', 'Get the transcript of this YouTube video', ['youtube__getTranscript'], HINT),
  labeled(
    'arxiv-rag',
    'Find recent arXiv papers on retrieval augmented generation',
    ['arxiv__search_papers'],
    HINT,
  ),
  labeled('figma-png', 'Export the Figma frame as PNG', ['figma__export_images'], HINT),
  labeled('figma-comments', 'list comments on a Figma file', ['figma__list_comments'], HINT),
  labeled('units-miles', 'Convert 5 miles to kilometers', ['calculator__convert_units']),
  labeled('math-expression', 'What is (12.5 * 4) / 3?', ['calculator__evaluate_expression']),
];
