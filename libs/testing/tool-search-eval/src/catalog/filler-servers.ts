// Procedurally generated servers that grow the catalog to 5,000 tools: business systems (fleet,
// payroll, clinic…) with CRUD tools over their own entities, several regional instances each. Their
// entities are disjoint from the labelled intents, so labels stay complete; they share verbs
// (list, get, search, create…), parameter names and phrasing with every other tool, which is what
// makes them distractors.
import type { ToolDefinition } from '@platform/tool-search';
import { hashText, type SeededRandom, seededRandom } from '../random/seeded-random';
import type { EvalServer } from './eval-catalog.types';

interface FillerDomain {
  readonly key: string;
  readonly displayName: string;
  readonly entities: readonly string[];
  /** Domain-specific actions: `name :: description`. */
  readonly actions: readonly string[];
}

const DOMAINS: readonly FillerDomain[] = [
  {
    key: 'fleet',
    displayName: 'Fleet Management',
    entities: ['vehicle', 'driver', 'trip', 'fuel_log'],
    actions: [
      'assign_driver :: Assign a driver to a vehicle for a shift',
      'schedule_service :: Book a vehicle for routine servicing at a depot',
    ],
  },
  {
    key: 'warehouse',
    displayName: 'Warehouse',
    entities: ['pallet', 'bin_location', 'stock_transfer', 'cycle_count'],
    actions: [
      'reserve_stock :: Hold units of an article for an outbound shipment',
      'receive_pallet :: Book an incoming pallet into a bin location',
    ],
  },
  {
    key: 'payroll',
    displayName: 'Payroll',
    entities: ['payslip', 'salary_band', 'tax_form', 'pay_run'],
    actions: [
      'approve_pay_run :: Approve a pay run for disbursement',
      'calculate_net_pay :: Calculate net pay from gross salary and deductions',
    ],
  },
  {
    key: 'recruiting',
    displayName: 'Recruiting',
    entities: ['candidate', 'job_opening', 'interview', 'offer_letter'],
    actions: [
      'advance_candidate :: Move a candidate to the next hiring stage',
      'send_offer_letter :: Send an offer letter to a candidate for signature',
    ],
  },
  {
    key: 'clinic',
    displayName: 'Clinic',
    entities: ['patient', 'appointment', 'prescription', 'lab_result'],
    actions: [
      'check_in_patient :: Check a patient in at the front desk',
      'refill_prescription :: Request a refill of a prescription',
    ],
  },
  {
    key: 'library',
    displayName: 'Library',
    entities: ['book', 'loan', 'member_card', 'hold'],
    actions: [
      'renew_loan :: Extend the due date of a loan',
      'catalog_book :: Add a new book to the catalog with its ISBN',
    ],
  },
  {
    key: 'hotel',
    displayName: 'Hotel',
    entities: ['reservation', 'room', 'guest', 'housekeeping_task'],
    actions: [
      'check_in_guest :: Check a guest in and hand out keys',
      'assign_room :: Assign a room to a reservation',
    ],
  },
  {
    key: 'airline',
    displayName: 'Airline Operations',
    entities: ['flight', 'booking', 'seat_map', 'baggage_claim'],
    actions: [
      'rebook_passenger :: Rebook a passenger onto another flight',
      'assign_seat :: Assign a seat to a passenger on a flight',
    ],
  },
  {
    key: 'school',
    displayName: 'School',
    entities: ['student', 'course', 'grade', 'enrollment'],
    actions: [
      'enroll_student :: Enroll a student in a course',
      'publish_grades :: Publish the grades of a course to students',
    ],
  },
  {
    key: 'farm',
    displayName: 'Farm',
    entities: ['field', 'harvest', 'soil_sample', 'irrigation_zone'],
    actions: [
      'start_irrigation :: Start irrigating a zone for a number of minutes',
      'record_harvest :: Record the yield harvested from a field',
    ],
  },
  {
    key: 'energy',
    displayName: 'Energy Utility',
    entities: ['meter', 'meter_reading', 'tariff', 'outage_report'],
    actions: [
      'read_meter :: Request a remote reading of a smart meter',
      'estimate_bill :: Estimate the bill of a household from its readings',
    ],
  },
  {
    key: 'property',
    displayName: 'Property Management',
    entities: ['building', 'lease', 'tenant', 'repair_request'],
    actions: [
      'renew_lease :: Renew a lease for another term',
      'collect_rent :: Collect the rent due from a tenant',
    ],
  },
  {
    key: 'factory',
    displayName: 'Factory',
    entities: ['work_order', 'machine', 'bill_of_materials', 'quality_check'],
    actions: [
      'start_work_order :: Start production of a work order',
      'log_downtime :: Log unplanned downtime of a machine',
    ],
  },
  {
    key: 'insurance',
    displayName: 'Insurance',
    entities: ['claim', 'coverage', 'premium_quote', 'adjuster'],
    actions: [
      'file_claim :: File an insurance claim for a loss',
      'approve_claim :: Approve a claim for payout',
    ],
  },
  {
    key: 'legal',
    displayName: 'Legal Practice',
    entities: ['matter', 'clause', 'court_date', 'billable_hour'],
    actions: [
      'draft_clause :: Draft a contract clause from a template',
      'docket_court_date :: Put a court date on the docket',
    ],
  },
  {
    key: 'venue',
    displayName: 'Venue Booking',
    entities: ['venue', 'badge', 'session_slot', 'sponsor'],
    actions: [
      'print_badge :: Print the badge of a conference attendee',
      'assign_session_slot :: Assign a talk to a session slot',
    ],
  },
  {
    key: 'gym',
    displayName: 'Gym',
    entities: ['membership', 'class_session', 'trainer', 'locker'],
    actions: [
      'book_class_session :: Book a member into a class session',
      'freeze_membership :: Pause a membership for some weeks',
    ],
  },
  {
    key: 'kitchen',
    displayName: 'Restaurant Kitchen',
    entities: ['dish', 'table_booking', 'supplier_delivery', 'shift'],
    actions: [
      'mark_dish_unavailable :: Take a dish off the menu for today',
      'seat_party :: Seat a party at a table',
    ],
  },
  {
    key: 'vet',
    displayName: 'Veterinary Practice',
    entities: ['pet', 'vaccination', 'vet_visit', 'boarding_stay'],
    actions: [
      'record_vaccination :: Record a vaccination given to a pet',
      'admit_pet :: Admit a pet for boarding',
    ],
  },
  {
    key: 'parking',
    displayName: 'Parking',
    entities: ['parking_spot', 'permit', 'violation', 'garage'],
    actions: [
      'issue_permit :: Issue a parking permit for a plate number',
      'reserve_parking_spot :: Reserve a parking spot for a time window',
    ],
  },
];

const REGIONS = ['north', 'south', 'east', 'west', 'emea', 'apac', 'us', 'eu'] as const;

/** Filler servers in a fixed order (region-major), `count` of them at most. */
export function fillerServers(seed: number, count: number): EvalServer[] {
  const servers: EvalServer[] = [];
  for (const region of REGIONS) {
    for (const domain of DOMAINS) {
      if (servers.length >= count) return servers;
      const id = `${domain.key}-${region}`;
      const random = seededRandom(seed ^ hashText(id));
      servers.push({
        id,
        displayName: `${domain.displayName} (${region.toUpperCase()})`,
        categories: [domain.key, 'operations'],
        tools: domainTools(domain, random),
      });
    }
  }
  return servers;
}

function domainTools(domain: FillerDomain, random: SeededRandom): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (const entity of domain.entities) {
    const words = entity.replace(/_/g, ' ');
    const plural = pluralize(words);
    const idParameter = `${entity}_id`;
    const pick = (options: readonly string[]) => random.pick(options);
    tools.push(
      tool(
        `list_${pluralize(entity)}`,
        `${pick(['List', 'Return', 'Get a page of'])} ${plural} in the ${domain.displayName.toLowerCase()} system, ${pick(['newest first', 'with paging', 'filtered by status'])}.`,
        {
          status: ['string', `Only ${plural} with this status`],
          limit: ['integer', 'Maximum number of results'],
          cursor: ['string', 'Pagination cursor from the previous response'],
        },
      ),
      tool(
        `get_${entity}`,
        `${pick(['Get', 'Fetch', 'Retrieve'])} one ${words} by id with all its details.`,
        { [idParameter]: ['string', `Id of the ${words}`] },
        [idParameter],
      ),
      tool(
        `create_${entity}`,
        `${pick(['Create', 'Register', 'Add'])} a new ${words}.`,
        {
          name: ['string', `Name of the ${words}`],
          attributes: ['object', `Other fields of the ${words}`],
        },
        ['name'],
      ),
      tool(
        `update_${entity}`,
        `${pick(['Update', 'Change', 'Edit'])} fields of a ${words}.`,
        {
          [idParameter]: ['string', `Id of the ${words}`],
          attributes: ['object', 'Fields to change'],
        },
        [idParameter, 'attributes'],
      ),
      tool(
        `delete_${entity}`,
        `${pick(['Delete', 'Remove'])} a ${words}.`,
        { [idParameter]: ['string', `Id of the ${words}`] },
        [idParameter],
      ),
      tool(
        `search_${pluralize(entity)}`,
        `${pick(['Search', 'Find'])} ${plural} by ${pick(['name, status or date', 'free text', 'any field'])}.`,
        {
          query: ['string', 'Search text'],
          limit: ['integer', 'Maximum number of results'],
        },
        ['query'],
      ),
    );
    if (random.next() < 0.5) {
      tools.push(
        tool(`export_${pluralize(entity)}`, `Export ${plural} as a CSV file for reporting.`, {
          since: ['string', 'Only records changed after this date'],
        }),
      );
    }
  }
  for (const action of domain.actions) {
    const [name, description] = action.split(' :: ') as [string, string];
    tools.push(
      tool(
        name,
        `${description}.`,
        { reference: ['string', 'Id of the record to act on'], note: ['string', 'Optional note'] },
        ['reference'],
      ),
    );
  }
  return tools;
}

type ParameterSpec = Record<string, [type: string, description: string]>;

function tool(
  name: string,
  description: string,
  parameters: ParameterSpec,
  required: string[] = [],
): ToolDefinition {
  const properties = Object.fromEntries(
    Object.entries(parameters).map(([parameter, [type, text]]) => [parameter, { type, description: text }]),
  );
  return {
    name,
    description,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
  };
}

function pluralize(word: string): string {
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}
