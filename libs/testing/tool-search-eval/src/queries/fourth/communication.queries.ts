// Chat, mail, calendars, wikis and notes, asked with #channels, @handles and addresses. The five chat
// servers share one tool set, so an open chat query carries every chat server that has the tool.
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './fourth-options';

const POST_MESSAGE = [
  'slack__slack_post_message',
  'teams__postMessage',
  'discord__post_message',
  'mattermost__post-message',
  'zulip__zulip_post_message',
];
const REPLY_IN_THREAD = [
  'slack__slack_reply_to_thread',
  'teams__replyToThread',
  'discord__reply_to_thread',
  'mattermost__reply-to-thread',
  'zulip__zulip_reply_to_thread',
];
const THREAD_REPLIES = [
  'slack__slack_get_thread_replies',
  'teams__getThreadReplies',
  'discord__get_thread_replies',
  'mattermost__get-thread-replies',
  'zulip__zulip_get_thread_replies',
];
const CHANNEL_HISTORY = [
  'slack__slack_get_channel_history',
  'teams__getChannelHistory',
  'discord__get_channel_history',
  'mattermost__get-channel-history',
  'zulip__zulip_get_channel_history',
];
const SEARCH_MESSAGES = [
  'slack__slack_search_messages',
  'teams__searchMessages',
  'discord__search_messages',
  'mattermost__search-messages',
  'zulip__zulip_search_messages',
];
const DIRECT_MESSAGE = [
  'slack__slack_send_direct_message',
  'teams__sendDirectMessage',
  'discord__send_direct_message',
  'mattermost__send-direct-message',
  'zulip__zulip_send_direct_message',
];
const CREATE_CHANNEL = [
  'slack__slack_create_channel',
  'teams__createChannel',
  'discord__create_channel',
  'mattermost__create-channel',
  'zulip__zulip_create_channel',
];
const INVITE_TO_CHANNEL = [
  'slack__slack_invite_to_channel',
  'teams__inviteToChannel',
  'discord__invite_to_channel',
  'mattermost__invite-to-channel',
  'zulip__zulip_invite_to_channel',
];
const ARCHIVE_CHANNEL = [
  'slack__slack_archive_channel',
  'teams__archiveChannel',
  'discord__archive_channel',
  'mattermost__archive-channel',
  'zulip__zulip_archive_channel',
];
const PIN_MESSAGE = [
  'slack__slack_pin_message',
  'teams__pinMessage',
  'discord__pin_message',
  'zulip__zulip_pin_message',
];
const DELETE_MESSAGE = [
  'slack__slack_delete_message',
  'teams__deleteMessage',
  'discord__delete_message',
  'mattermost__delete-message',
  'zulip__zulip_delete_message',
];
const USER_PROFILE = [
  'slack__slack_get_user_profile',
  'teams__getUserProfile',
  'discord__get_user_profile',
  'mattermost__get-user-profile',
  'zulip__zulip_get_user_profile',
];

export const FOURTH_COMMUNICATION_QUERIES: readonly LabeledQuery[] = [
  // Chat.
  labeled(
    'fourth-comm-release-slips',
    'tell #deploys the 14:00 release slips to tomorrow',
    POST_MESSAGE,
    TUNE,
  ),
  labeled(
    'fourth-comm-under-outage-post',
    'answer under the outage announcement that mitigation is in place and we are watching error rates',
    REPLY_IN_THREAD,
    TUNE,
  ),
  labeled(
    'fourth-comm-incident-room-hour',
    'what did people say in #incident-4412 over the last hour?',
    CHANNEL_HISTORY,
    TUNE,
  ),
  labeled(
    'fourth-comm-rate-limit-mention',
    "did anyone mention 'rate limit exceeded' in chat last week?",
    SEARCH_MESSAGES,
    TUNE,
  ),
  labeled('fourth-comm-dm-postmortem', 'DM @priya the link to the postmortem doc', DIRECT_MESSAGE, TUNE),
  labeled(
    'fourth-comm-standup-nudge',
    'have a nudge go out in #standup at 9:25 tomorrow asking for updates',
    ['slack__slack_schedule_message', 'teams__scheduleMessage'],
    TUNE,
  ),
  labeled(
    'fourth-comm-falcon-room',
    'make a private room #proj-falcon for the acquisition folks',
    CREATE_CHANNEL,
    TUNE,
  ),
  labeled('fourth-comm-handoff-add', 'pull @jo, @lee and @sam into #oncall-handoff', INVITE_TO_CHANNEL, TUNE),
  labeled(
    'fourth-comm-legacy-mobile',
    '#legacy-mobile is dead, shut it so it stops cluttering the sidebar',
    ARCHIVE_CHANNEL,
    TUNE,
  ),
  labeled('fourth-comm-runbook-stuck', 'keep the runbook link stuck to the top of #sre', PIN_MESSAGE, TUNE),
  labeled(
    'fourth-comm-leaked-key',
    'oops, I pasted an API key in #general, nuke that message before anyone copies it',
    DELETE_MESSAGE,
    TUNE,
  ),
  labeled('fourth-comm-kenji-tz', "what timezone is @kenji in and what's his title?", USER_PROFILE, TUNE),
  labeled(
    'fourth-comm-migration-thread',
    "catch me up on the replies to this morning's 'db migration' thread",
    THREAD_REPLIES,
    TUNE,
  ),

  // Mail and calendars.
  labeled(
    'fourth-comm-march-summary',
    'email finance@acme.io the March invoice summary, cc my manager',
    ['gmail__send_email', 'outlook__sendMail'],
    TUNE,
  ),
  labeled(
    'fourth-comm-contract-arrived',
    'did the contract from legal@partnerco.com ever arrive?',
    ['gmail__search_emails', 'outlook__listMessages'],
    TUNE,
  ),
  labeled(
    'fourth-comm-thursday-works',
    "answer Tom's email saying Thursday works, keep everyone on it",
    ['gmail__reply_to_email', 'outlook__replyToMessage'],
    TUNE,
  ),
  labeled(
    'fourth-comm-three-way-slot',
    'find 45 minutes next week when ana@acme.io, raj@acme.io and I are all free',
    ['google-calendar__find_free_busy', 'outlook__findMeetingTimes'],
    TUNE,
  ),
  labeled(
    'fourth-comm-tuesday-sync',
    'book a 30-min sync with ana@acme.io Tuesday 10am',
    ['google-calendar__create_event', 'google-calendar__quick_add_event', 'outlook__createEvent'],
    TUNE,
  ),
  labeled(
    'fourth-comm-tomorrow-agenda',
    'am I double-booked tomorrow?',
    ['google-calendar__list_events', 'outlook__listEvents'],
    TUNE,
  ),

  // Wikis and docs.
  labeled(
    'fourth-comm-postmortem-wiki',
    'INC-2207 is closed out, so somebody has to do the writeup — start a fresh postmortem page on the wiki in the SRE space with timeline, impact, root cause and action items as headings',
    ['confluence__confluence_create_page', 'notion__create_page'],
    TUNE,
  ),
  labeled(
    'fourth-comm-ask-p95',
    'leave a comment on the Q3 architecture page asking for p95 numbers',
    ['notion__add_comment', 'confluence__confluence_add_comment'],
    TUNE,
  ),
  labeled(
    'fourth-comm-fy-swap',
    "swap every 'FY24' for 'FY25' in the planning doc 1xYz-planning",
    ['google-docs__replaceText'],
    TUNE,
  ),

  // Named products.
  labeled(
    'fourth-comm-slack-heads-down',
    "set my Slack status to 'heads down until 3' with :headphones:",
    ['slack__slack_set_status'],
    NAMED,
  ),
  labeled(
    'fourth-comm-teams-checklist',
    'drop the release checklist into the Release Crew channel on Teams',
    ['teams__postMessage'],
    NAMED,
  ),
  labeled(
    'fourth-comm-discord-dump',
    'upload crash-dump.zip to #bugs on our Discord',
    ['discord__upload_file'],
    NAMED,
  ),
  labeled(
    'fourth-comm-gmail-jenkins-noise',
    'in Gmail, auto-archive everything from noreply@jenkins.acme.dev from now on',
    ['gmail__create_filter'],
    NAMED,
  ),
  labeled(
    'fourth-comm-gcal-dry-run',
    "decline the 'all hands dry run' invite on Google Calendar",
    ['google-calendar__respond_to_event'],
    NAMED,
  ),
  labeled(
    'fourth-comm-confluence-kafka',
    'find the Confluence runbook for rotating the Kafka certs',
    ['confluence__confluence_search'],
    NAMED,
  ),
  labeled(
    'fourth-comm-notion-candidate',
    "add candidate Mei Chen as a new row in the Notion 'Interview Loop' database",
    ['notion__create_page'],
    NAMED,
  ),
  labeled(
    'fourth-comm-obsidian-zettel',
    'which Obsidian notes point back to Zettelkasten?',
    ['obsidian__get-backlinks'],
    NAMED,
  ),

  // Server filter.
  labeled(
    'fourth-comm-thumbs-up',
    'thumbs-up message 1718000000.1234 in C024BE91L',
    ['slack__slack_add_reaction'],
    within('slack'),
  ),
  labeled(
    'fourth-comm-everyone-handles',
    "who's in this workspace? I need everyone's handle",
    ['mattermost__list-users'],
    within('mattermost'),
  ),
  labeled(
    'fourth-comm-save-pdf',
    'save the PDF attached to message 18c2f9a7b3d',
    ['gmail__get_attachment'],
    within('gmail'),
  ),
  labeled(
    'fourth-comm-vendors-folder',
    'file the vendor mails into Vendors',
    ['outlook__moveMessage'],
    within('outlook'),
  ),
  labeled(
    'fourth-comm-roadmap-columns',
    'what columns does the roadmap db have, and what type is each one?',
    ['notion__get_database'],
    within('notion'),
  ),
];
