// Queries about chat, email, calendars and documentation: five chat products with the same tools,
// two mail servers, and wiki pages in two knowledge bases.
import { labeled, type LabeledQuery } from './labeled-query';

const HINT = { hint: true };
const CHAT_POST = [
  'slack__slack_post_message',
  'teams__postMessage',
  'discord__post_message',
  'mattermost__post-message',
  'zulip__zulip_post_message',
];

export const COMMUNICATION_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'slack-post',
    "Post 'deploy finished' to the #releases channel on Slack",
    ['slack__slack_post_message'],
    HINT,
  ),
  labeled('chat-post-any', 'Send a message to the team channel', CHAT_POST),
  labeled('slack-dm', 'DM Jonas on Slack that the meeting moved', ['slack__slack_send_direct_message'], HINT),
  labeled(
    'slack-thread',
    'Reply in the thread under the incident announcement in Slack',
    ['slack__slack_reply_to_thread'],
    HINT,
  ),
  labeled(
    'slack-search',
    'Find Slack messages from last week mentioning the outage',
    ['slack__slack_search_messages'],
    HINT,
  ),
  labeled(
    'discord-history',
    'Read the latest messages in the #support channel on Discord',
    ['discord__get_channel_history'],
    HINT,
  ),
  labeled('teams-react', 'React with a thumbs up to that message in Teams', ['teams__addReaction'], HINT),
  labeled(
    'slack-schedule',
    'Schedule a Slack reminder message for tomorrow 9am in #standup',
    ['slack__slack_schedule_message'],
    HINT,
  ),
  labeled(
    'mm-private-channel',
    'Create a private channel for the incident in Mattermost',
    ['mattermost__create-channel'],
    HINT,
  ),
  labeled('slack-status', "Set my Slack status to 'in a meeting'", ['slack__slack_set_status'], HINT),
  labeled('zulip-members', 'Who is in the Zulip workspace?', ['zulip__zulip_list_users'], HINT),
  labeled(
    'slack-upload',
    'Upload the report PDF to the #finance channel in Slack',
    ['slack__slack_upload_file'],
    HINT,
  ),
  labeled('chat-search-any', 'search messages', [
    'slack__slack_search_messages',
    'teams__searchMessages',
    'discord__search_messages',
    'mattermost__search-messages',
    'zulip__zulip_search_messages',
  ]),
  labeled('chat-filter-post', 'post message', CHAT_POST, { server: 'chat' }),
  labeled('teams-exact', 'listChannels on teams', ['teams__listChannels'], HINT),
  labeled('slack-alt-separator', 'slack/slack_post_message', ['slack__slack_post_message'], HINT),
  labeled('mail-send-any', 'Email the quarterly report to finance@acme.com', [
    'gmail__send_email',
    'outlook__sendMail',
  ]),
  labeled('mail-typo', 'sned an emial to bob about the offsite', ['gmail__send_email', 'outlook__sendMail']),
  labeled('gmail-bank', 'Find emails from my bank with attachments in Gmail', ['gmail__search_emails'], HINT),
  labeled('gmail-draft', "Draft a reply in Gmail but don't send it yet", ['gmail__draft_email'], HINT),
  labeled('gmail-archive', 'Archive that Gmail message', ['gmail__modify_email_labels'], HINT),
  labeled('mail-attachment', 'Download the attachment from that email', [
    'gmail__get_attachment',
    'outlook__getMessage',
  ]),
  labeled('gmail-filter', 'Automatically label newsletters in Gmail', ['gmail__create_filter'], HINT),
  labeled('meetings-tomorrow', 'What meetings do I have tomorrow?', [
    'google-calendar__list_events',
    'outlook__listEvents',
  ]),
  labeled('schedule-meeting', 'Schedule a 30 minute meeting with Ana and Ben next week', [
    'google-calendar__create_event',
    'google-calendar__quick_add_event',
    'google-calendar__find_free_busy',
    'outlook__createEvent',
    'outlook__findMeetingTimes',
  ]),
  labeled('free-slot', 'When are Ana and Ben both free on Thursday?', [
    'google-calendar__find_free_busy',
    'outlook__findMeetingTimes',
  ]),
  labeled('decline-invite', 'Decline the invitation to the Friday sync', [
    'google-calendar__respond_to_event',
  ]),
  labeled('move-event', 'Move my 3pm calendar event to 4pm', ['google-calendar__update_event']),
  labeled('outlook-inbox', 'Check my Outlook inbox', ['outlook__listMessages'], HINT),
  labeled(
    'outlook-contact',
    'Find the phone number of a contact in Outlook',
    ['outlook__listContacts'],
    HINT,
  ),
  labeled('notion-search', 'Search our Notion workspace for the onboarding guide', ['notion__search'], HINT),
  labeled(
    'notion-append',
    'Add a paragraph to the bottom of the Notion page',
    ['notion__append_block_children'],
    HINT,
  ),
  labeled(
    'notion-db',
    'Query the Notion tasks database for items due this week',
    ['notion__query_database'],
    HINT,
  ),
  labeled('notion-comment', 'add a comment to a Notion page', ['notion__add_comment'], HINT),
  labeled('notion-filter-search', 'search', ['notion__search'], { server: 'notion' }),
  labeled(
    'confluence-postmortem',
    'Create a Confluence page in the ENG space for the postmortem',
    ['confluence__confluence_create_page'],
    HINT,
  ),
  labeled(
    'confluence-runbook',
    'Find the runbook for database failover in Confluence',
    ['confluence__confluence_search'],
    HINT,
  ),
  labeled(
    'confluence-children',
    'What child pages are under the Architecture page in Confluence?',
    ['confluence__confluence_get_page_children'],
    HINT,
  ),
  labeled('wiki-page-any', 'Create a wiki page about the release process', [
    'notion__create_page',
    'confluence__confluence_create_page',
  ]),
  labeled(
    'gdocs-new',
    'Write a new Google Doc with the meeting notes',
    ['google-docs__createDocument'],
    HINT,
  ),
  labeled(
    'gdocs-replace',
    "Replace every 'ACME' with 'Acme' in the Google Doc",
    ['google-docs__replaceText'],
    HINT,
  ),
  labeled(
    'obsidian-backlinks',
    "Which notes link to my 'Ideas' note in Obsidian?",
    ['obsidian__get-backlinks'],
    HINT,
  ),
  labeled('notes-search', "Search my notes vault for 'vector clock'", ['obsidian__search-notes']),
];
