// Chat, mail, calendar and docs. Chat needs that name no product are answered by every chat server
// with that capability; mail and calendar needs by both Google and Microsoft servers where both can.
import { type LabeledQuery, labeled } from '../labeled-query';
import { HELDOUT, NAMED, within } from './independent-options';

const OPEN: readonly LabeledQuery[] = [
  labeled(
    'indep-comm-dm-deploy-done',
    'DM @jonas that the deploy is done',
    [
      'slack__slack_send_direct_message',
      'teams__sendDirectMessage',
      'discord__send_direct_message',
      'mattermost__send-direct-message',
      'zulip__zulip_send_direct_message',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-announce-release-notes',
    'post the release notes in #announcements',
    [
      'slack__slack_post_message',
      'teams__postMessage',
      'discord__post_message',
      'mattermost__post-message',
      'zulip__zulip_post_message',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-answer-in-thread',
    'answer under the outage alert message in its thread, not in the main channel',
    [
      'slack__slack_reply_to_thread',
      'teams__replyToThread',
      'discord__reply_to_thread',
      'mattermost__reply-to-thread',
      'zulip__zulip_reply_to_thread',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-queue-standup-message',
    'queue a message for #standup to go out tomorrow at 9:00',
    ['slack__slack_schedule_message', 'teams__scheduleMessage'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-eyes-emoji',
    "react with :eyes: to Priya's message so she knows I'm on it",
    [
      'slack__slack_add_reaction',
      'teams__addReaction',
      'discord__add_reaction',
      'mattermost__add-reaction',
      'zulip__zulip_add_reaction',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-keep-runbook-on-top',
    'keep the runbook link message stuck at the top of the incident channel',
    ['slack__slack_pin_message', 'teams__pinMessage', 'discord__pin_message', 'zulip__zulip_pin_message'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-private-room-falcon',
    'spin up a private channel for project falcon',
    [
      'slack__slack_create_channel',
      'teams__createChannel',
      'discord__create_channel',
      'mattermost__create-channel',
      'zulip__zulip_create_channel',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-retire-old-channel',
    '#old-proj is dead, archive it',
    [
      'slack__slack_archive_channel',
      'teams__archiveChannel',
      'discord__archive_channel',
      'mattermost__archive-channel',
      'zulip__zulip_archive_channel',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-chat-history-invoice',
    "find chat messages from ana mentioning 'invoice' last week",
    [
      'slack__slack_search_messages',
      'teams__searchMessages',
      'discord__search_messages',
      'mattermost__search-messages',
      'zulip__zulip_search_messages',
    ],
    HELDOUT,
  ),
  labeled(
    'indep-comm-vacation-status',
    "set my status to 'on vacation' with a palm tree emoji",
    ['slack__slack_set_status', 'mattermost__set-status'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-email-q3-report',
    'email the Q3 report to finance@acme.com',
    ['gmail__send_email', 'outlook__sendMail'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-mails-with-attachments',
    'find mails from billing@northwind.io that came with attachments',
    ['gmail__search_emails', 'outlook__listMessages'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-common-free-slot',
    'when are sam, lee and I all free for half an hour next week?',
    ['google-calendar__find_free_busy', 'outlook__findMeetingTimes'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-accept-design-review',
    "accept the invite for thursday's design review",
    ['google-calendar__respond_to_event'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-book-team-sync',
    'book 30 min with the design team tomorrow at 3pm',
    ['google-calendar__create_event', 'google-calendar__quick_add_event', 'outlook__createEvent'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-retro-wiki-page',
    "write up today's retro as a new page in the team wiki",
    ['notion__create_page', 'confluence__confluence_create_page'],
    HELDOUT,
  ),
  labeled(
    'indep-comm-notes-linking-here',
    'which of my notes link to [[Project Phoenix]]?',
    ['obsidian__get-backlinks'],
    HELDOUT,
  ),
];

const NAMED_PRODUCT: readonly LabeledQuery[] = [
  labeled(
    'indep-comm-slack-share-csv',
    'drop weekly.csv into #data-team on Slack',
    ['slack__slack_upload_file'],
    NAMED,
  ),
  labeled(
    'indep-comm-teams-general-backlog',
    'last 50 messages in the General channel in MS Teams',
    ['teams__getChannelHistory'],
    NAMED,
  ),
  labeled(
    'indep-comm-gmail-auto-archive',
    'gmail rule so newsletters from news@dailybrief.com skip the inbox',
    ['gmail__create_filter'],
    NAMED,
  ),
  labeled(
    'indep-comm-outlook-receipts-folder',
    "file that outlook email into my 'Receipts' folder",
    ['outlook__moveMessage'],
    NAMED,
  ),
  labeled(
    'indep-comm-confluence-subpages',
    'pages nested under Architecture in confluence',
    ['confluence__confluence_get_page_children'],
    NAMED,
  ),
  labeled(
    'indep-comm-notion-roadmap-in-progress',
    'Notion roadmap db: rows where Status = In progress, sorted by due date',
    ['notion__query_database'],
    NAMED,
  ),
];

const SERVER_FILTER: readonly LabeledQuery[] = [
  labeled(
    'indep-comm-filter-zulip-fix-typo',
    'fix the typo in what I just sent',
    ['zulip__zulip_update_message'],
    within('zulip'),
  ),
  labeled(
    'indep-comm-filter-notion-bugs-fields',
    'what fields does the Bugs database have and what types are they',
    ['notion__get_database'],
    within('notion'),
  ),
  labeled(
    'indep-comm-filter-gmail-pdf-attachment',
    'download the pdf attached to message 18c2f0a9',
    ['gmail__get_attachment'],
    within('gmail'),
  ),
  labeled(
    'indep-comm-filter-obsidian-tag-counts',
    "every #tag I've used and how often",
    ['obsidian__list-tags'],
    within('obsidian'),
  ),
];

export const INDEPENDENT_COMMUNICATION_QUERIES: readonly LabeledQuery[] = [
  ...OPEN,
  ...NAMED_PRODUCT,
  ...SERVER_FILTER,
];
