// Fictional servers for payments, CRM, customer support and commerce, whose customers, contacts,
// tickets and orders overlap in vocabulary on purpose.
import type { FamilySpec } from '../tool-template.dsl';

export const STRIPE_FAMILY: FamilySpec = {
  tools: `
list_customers :: List Stripe customers, optionally by email. :: email? limit?
create_customer :: Create a Stripe customer. :: email customerName? metadata?
create_payment_intent :: Create a payment intent to charge a customer. :: amount currency customerId? description?
list_charges :: List charges, newest first. :: customerId? limit?
create_refund :: Refund a charge or payment intent, fully or partially. :: paymentIntentId amount? reason?
list_invoices :: List invoices of a customer or subscription. :: customerId? status?
create_invoice :: Create and finalize an invoice for a customer. :: customerId items dueDate?
list_subscriptions :: List subscriptions and their status. :: customerId? status?
cancel_subscription :: Cancel a subscription now or at the end of the period. :: subscriptionId atPeriodEnd?
get_balance :: Get the available and pending balance of the account. :: -
create_payment_link :: Create a shareable payment link for a price. :: priceId quantity?
list_products :: List products in the Stripe catalog. :: active?
create_price :: Create a price for a product. :: productId unitAmount currency recurring?
`,
  servers: [
    {
      id: 'stripe',
      displayName: 'Stripe',
      categories: ['payments', 'finance'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const HUBSPOT_FAMILY: FamilySpec = {
  tools: `
search_contacts :: Search CRM contacts by name, email or company. :: query limit?
get_contact :: Get a contact with its properties and associations. :: contactId
create_contact :: Create a contact. :: email firstName? lastName? company?
update_contact :: Update properties of a contact. :: contactId properties
get_company :: Get a company with its properties and contacts. :: companyId
list_deals :: List deals in a pipeline with their stage and amount. :: pipeline? stage?
create_deal :: Create a deal. :: dealName amount? stage? contactId?
update_deal_stage :: Move a deal to another pipeline stage. :: dealId stage
create_note :: Log a note on a contact, company or deal. :: objectId body
list_owners :: List CRM users who can own records. :: -
`,
  servers: [
    {
      id: 'hubspot',
      displayName: 'HubSpot CRM',
      categories: ['crm', 'sales'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'hubspot',
    },
  ],
};

export const SALESFORCE_FAMILY: FamilySpec = {
  tools: `
soql_query :: Run a SOQL query. :: soql
sosl_search :: Search across objects with SOSL. :: sosl
get_record :: Get a record by object type and id. :: objectType recordId fields?
create_record :: Create a record of an object type. :: objectType fields
update_record :: Update fields of a record. :: objectType recordId fields
describe_object :: Describe an object's fields and relationships. :: objectType
list_objects :: List the standard and custom objects of the org. :: -
`,
  servers: [
    {
      id: 'salesforce',
      displayName: 'Salesforce',
      categories: ['crm', 'sales'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

export const ZENDESK_FAMILY: FamilySpec = {
  tools: `
search_tickets :: Search support tickets by text, status, requester or tag. :: query sortBy?
get_ticket :: Get a support ticket with its description, status, priority and requester. :: ticketId
create_ticket :: Create a support ticket. :: subject description requesterEmail? priority?
update_ticket :: Update a ticket's status, priority, assignee or tags. :: ticketId status? priority? assigneeId? tags?
add_ticket_comment :: Add a public reply or internal note to a ticket. :: ticketId body public?
list_ticket_comments :: List the comments of a ticket. :: ticketId
get_zendesk_user :: Get a Zendesk user (agent or end user). :: userId
list_macros :: List macros (saved replies and actions). :: -
apply_macro :: Apply a macro to a ticket. :: ticketId macroId
list_help_center_articles :: Search help center articles. :: query? locale?
`,
  servers: [
    {
      id: 'zendesk',
      displayName: 'Zendesk',
      categories: ['support', 'customer-service'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const SHOPIFY_FAMILY: FamilySpec = {
  tools: `
list_products :: List products in the store with their variants and status. :: query? limit?
get_product :: Get a product with its variants, images and inventory. :: productId
create_product :: Create a product. :: title bodyHtml? vendor? productType? variants?
update_inventory :: Set the available inventory of a variant at a location. :: inventoryItemId locationId available
list_orders :: List orders, filtered by status or date. :: status? createdAtMin? limit?
get_order :: Get an order with its line items, customer, payment and shipping. :: orderId
fulfill_order :: Mark an order as fulfilled and add tracking. :: orderId trackingNumber? trackingCompany?
cancel_order :: Cancel an order and optionally refund it. :: orderId reason? refund?
list_customers :: List store customers. :: query? limit?
create_discount_code :: Create a discount code. :: code value valueType startsAt?
`,
  servers: [
    {
      id: 'shopify',
      displayName: 'Shopify',
      categories: ['commerce'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const BUSINESS_FAMILIES: readonly FamilySpec[] = [
  STRIPE_FAMILY,
  HUBSPOT_FAMILY,
  SALESFORCE_FAMILY,
  ZENDESK_FAMILY,
  SHOPIFY_FAMILY,
];
