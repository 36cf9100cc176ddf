// Fictional servers for the web (search, fetching, a browser, crawling) and small utilities (maps,
// weather, time, translation, video, papers, design files, a calculator next to `get-sum`).
import type { FamilySpec } from '../tool-template.dsl';

export const BRAVE_SEARCH_FAMILY: FamilySpec = {
  tools: `
web_search :: Search the web and return titles, URLs and snippets. :: query count? offset? freshness?
news_search :: Search recent news articles. :: query count? freshness?
image_search :: Search for images on the web. :: query count?
local_search :: Search for local businesses and places near a location. :: query location? count?
`,
  servers: [
    {
      id: 'brave-search',
      displayName: 'Brave Search',
      categories: ['web', 'search'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'brave',
    },
  ],
};

export const FETCH_FAMILY: FamilySpec = {
  tools: `
fetch :: Fetch a URL and return its content as Markdown. :: url maxLength? startIndex? raw?
fetch_json :: Fetch a URL and return the parsed JSON. :: url headers?
`,
  servers: [
    { id: 'fetch', displayName: 'Fetch', categories: ['web'], naming: 'snake', parameterNaming: 'snake' },
  ],
};

export const BROWSER_FAMILY: FamilySpec = {
  tools: `
navigate :: Open a URL in the browser. :: url
take_screenshot :: Take a screenshot of the page or an element. :: selector? fullPage?
click :: Click an element on the page. :: selector
fill :: Type text into an input field. :: selector value
select_option :: Choose an option in a select element. :: selector value
hover :: Hover over an element. :: selector
evaluate :: Run JavaScript in the page and return the result. :: script
get_console_logs :: Get the browser console messages of the page. :: -
get_page_text :: Get the visible text of the page. :: -
save_as_pdf :: Save the current page as a PDF. :: path?
`,
  servers: [
    {
      id: 'browser',
      displayName: 'Browser (Playwright)',
      categories: ['web', 'automation'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'browser',
    },
  ],
};

export const FIRECRAWL_FAMILY: FamilySpec = {
  tools: `
scrape :: Scrape one web page into clean Markdown or structured data. :: url formats?
crawl :: Crawl a website from a start URL and return the pages. :: url limit? maxDepth?
map_site :: List the URLs of a website quickly without scraping them. :: url search?
extract :: Extract structured data from web pages with a JSON schema and a prompt. :: urls prompt schema?
`,
  servers: [
    {
      id: 'firecrawl',
      displayName: 'Firecrawl',
      categories: ['web', 'scraping'],
      naming: 'snake',
      parameterNaming: 'camel',
      namePrefix: 'firecrawl',
    },
  ],
};

export const FIGMA_FAMILY: FamilySpec = {
  tools: `
get_file :: Get a Figma design file's document tree. :: fileKey depth?
get_node :: Get specific nodes (frames, components) of a file. :: fileKey nodeIds
export_images :: Export nodes as PNG, SVG or PDF images. :: fileKey nodeIds format? scale?
list_comments :: List the comments on a Figma file. :: fileKey
post_comment :: Post a comment on a Figma file. :: fileKey message
get_components :: List the published components of a file. :: fileKey
get_styles :: List the published styles (colors, text, effects) of a file. :: fileKey
`,
  servers: [
    { id: 'figma', displayName: 'Figma', categories: ['design'], naming: 'snake', parameterNaming: 'camel' },
  ],
};

export const MAPS_FAMILY: FamilySpec = {
  tools: `
geocode :: Convert an address into latitude and longitude. :: address
reverse_geocode :: Convert coordinates into an address. :: latitude longitude
search_places :: Search for places by text, near a location. :: query location? radius?
get_place_details :: Get details of a place: address, phone, opening hours and rating. :: placeId
get_directions :: Get directions between two places by car, transit, bicycle or on foot. :: origin destination mode?
distance_matrix :: Compute travel distances and times between several origins and destinations. :: origins destinations mode?
get_elevation :: Get the elevation of locations. :: locations
`,
  servers: [
    {
      id: 'google-maps',
      displayName: 'Google Maps',
      categories: ['maps', 'location', 'google'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'maps',
    },
  ],
};

export const WEATHER_FAMILY: FamilySpec = {
  tools: `
get_current_weather :: Get the current weather conditions for a location. :: location units?
get_forecast :: Get the weather forecast for the next days for a location. :: location days? units?
get_weather_alerts :: Get active severe weather alerts for a region. :: region
`,
  servers: [
    {
      id: 'weather',
      displayName: 'Weather',
      categories: ['weather'],
      naming: 'kebab',
      parameterNaming: 'camel',
    },
  ],
};

export const TIME_FAMILY: FamilySpec = {
  tools: `
get_current_time :: Get the current time in a time zone. :: timezone
convert_time :: Convert a time from one time zone to another. :: sourceTimezone time targetTimezone
`,
  servers: [
    { id: 'time', displayName: 'Time', categories: ['utility'], naming: 'snake', parameterNaming: 'snake' },
  ],
};

export const TRANSLATE_FAMILY: FamilySpec = {
  tools: `
translate_text :: Translate text into another language. :: text targetLanguage sourceLanguage?
detect_language :: Detect the language of a text. :: text
list_languages :: List the supported languages. :: -
`,
  servers: [
    {
      id: 'translate',
      displayName: 'DeepL Translate',
      categories: ['language'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const YOUTUBE_FAMILY: FamilySpec = {
  tools: `
search_videos :: Search YouTube videos. :: query maxResults?
get_video_details :: Get a video's title, description, duration and statistics. :: videoId
get_transcript :: Get the transcript (captions) of a video. :: videoId language?
`,
  servers: [
    {
      id: 'youtube',
      displayName: 'YouTube',
      categories: ['video', 'google'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

export const ARXIV_FAMILY: FamilySpec = {
  tools: `
search_papers :: Search arXiv papers by keywords, author or category. :: query maxResults? sortBy?
get_paper :: Get a paper's abstract, authors and links. :: paperId
download_paper_pdf :: Download a paper as PDF and return its text. :: paperId
`,
  servers: [
    {
      id: 'arxiv',
      displayName: 'arXiv',
      categories: ['research', 'papers'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const CALCULATOR_FAMILY: FamilySpec = {
  tools: `
evaluate_expression :: Evaluate a math expression such as (2 + 3) * 4 or sqrt(2). :: expression
convert_units :: Convert a value between units (length, mass, temperature, data size). :: value fromUnit toUnit
`,
  servers: [
    {
      id: 'calculator',
      displayName: 'Calculator',
      categories: ['utility', 'math'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const WEB_AND_UTILITY_FAMILIES: readonly FamilySpec[] = [
  BRAVE_SEARCH_FAMILY,
  FETCH_FAMILY,
  BROWSER_FAMILY,
  FIRECRAWL_FAMILY,
  FIGMA_FAMILY,
  MAPS_FAMILY,
  WEATHER_FAMILY,
  TIME_FAMILY,
  TRANSLATE_FAMILY,
  YOUTUBE_FAMILY,
  ARXIV_FAMILY,
  CALCULATOR_FAMILY,
];
