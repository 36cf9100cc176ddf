// Fresh tuning queries (see ../fresh-tuning.queries.ts): chat, mail, calendars and documents.
import { labeled, type LabeledQuery } from '../labeled-query';
import { NAMED, TUNE, within } from './fresh-options';

const CHAT_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-chat-dm',
    'DM alex that standup moved to 10:30',
    [
      'slack__slack_send_direct_message',
      'teams__sendDirectMessage',
      'discord__send_direct_message',
      'mattermost__send-direct-message',
      'zulip__zulip_send_direct_message',
    ],
    TUNE,
  ),
  labeled(
    'fresh-chat-later',
    'scehdule a slack msg to #eng for 9am tomorrow',
    ['slack__slack_schedule_message'],
    NAMED,
  ),
  labeled(
    'fresh-chat-replies',
    'what did people answer under that thread',
    [
      'slack__slack_get_thread_replies',
      'teams__getThreadReplies',
      'discord__get_thread_replies',
      'mattermost__get-thread-replies',
      'zulip__zulip_get_thread_replies',
    ],
    TUNE,
  ),
  labeled('fresh-chat-thumbs', ':+1: the last message', ['discord__add_reaction'], within('discord')),
  labeled(
    'fresh-chat-slack-find',
    "look through slack for 'db migration' from last week",
    ['slack__slack_search_messages'],
    NAMED,
  ),
  labeled(
    'fresh-chat-pin',
    'pin the on-call rota msg so people can find it',
    ['slack__slack_pin_message', 'teams__pinMessage', 'discord__pin_message', 'zulip__zulip_pin_message'],
    TUNE,
  ),
  labeled(
    'fresh-chat-sick',
    "set my status to 'out sick'",
    ['slack__slack_set_status', 'mattermost__set-status'],
    TUNE,
  ),
  labeled(
    'fresh-chat-zulip-catchup',
    'catch me up on #backend in zulip',
    ['zulip__zulip_get_channel_history'],
    NAMED,
  ),
  labeled(
    'fresh-chat-kenji-tz',
    'what timezone is Kenji in',
    [
      'slack__slack_get_user_profile',
      'teams__getUserProfile',
      'discord__get_user_profile',
      'mattermost__get-user-profile',
      'zulip__zulip_get_user_profile',
    ],
    TUNE,
  ),
  labeled(
    'fresh-chat-typo',
    'fix the typo in what I just posted in #general',
    [
      'slack__slack_update_message',
      'teams__updateMessage',
      'discord__update_message',
      'mattermost__update-message',
      'zulip__zulip_update_message',
    ],
    TUNE,
  ),
];

const MAIL_CALENDAR_AND_DOCS_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'fresh-mail-billing',
    'any mail from billing@acme.io with attachments this week?',
    ['gmail__search_emails', 'outlook__listMessages'],
    TUNE,
  ),
  labeled(
    'fresh-mail-gmail-draft',
    "write a gmail reply to the recruiter but don't send it yet",
    ['gmail__draft_email'],
    NAMED,
  ),
  labeled(
    'fresh-mail-outlook-folder',
    'file that outlook email under Receipts',
    ['outlook__moveMessage'],
    NAMED,
  ),
  labeled(
    'fresh-mail-auto-archive',
    'from now on skip the inbox for substack newsletters',
    ['gmail__create_filter'],
    TUNE,
  ),
  labeled(
    'fresh-mail-send-report',
    'email the Q3 report to cfo@corp.com',
    ['gmail__send_email', 'outlook__sendMail'],
    TUNE,
  ),
  labeled(
    'fresh-mail-save-pdf',
    'save the PDF attached to message 18c2f',
    ['gmail__get_attachment'],
    within('gmail'),
  ),
  labeled(
    'fresh-cal-common-slot',
    'when are dana, li and I all free next tuesday for an hour?',
    ['google-calendar__find_free_busy', 'outlook__findMeetingTimes'],
    TUNE,
  ),
  labeled(
    'fresh-cal-dentist',
    "put 'dentist thurs 3pm' on my google calender",
    ['google-calendar__quick_add_event', 'google-calendar__create_event'],
    NAMED,
  ),
  labeled(
    'fresh-cal-decline',
    "can't make the 4pm sync, decline it",
    ['google-calendar__respond_to_event'],
    TUNE,
  ),
  labeled(
    'fresh-cal-today',
    "what's on my calendar today",
    ['google-calendar__list_events', 'outlook__listEvents'],
    TUNE,
  ),
  labeled('fresh-doc-runbook', 'DB failover runbook in confluence', ['confluence__confluence_search'], NAMED),
  labeled(
    'fresh-doc-notion-roadmap',
    'rows in the notion roadmap db where status = shipped',
    ['notion__query_database'],
    NAMED,
  ),
  labeled(
    'fresh-doc-wiki-onboarding',
    'write up a wiki page with the new onboarding steps',
    ['confluence__confluence_create_page', 'notion__create_page'],
    TUNE,
  ),
  labeled(
    'fresh-doc-rename-party',
    "in the contract doc swap 'ACME Ltd' for 'ACME GmbH' everywhere",
    ['google-docs__replaceText'],
    TUNE,
  ),
  labeled(
    'fresh-doc-proposal-pdf',
    'turn the proposal doc 1xA9kQ into a PDF',
    ['google-docs__exportDocumentPdf', 'google-drive__export_document'],
    TUNE,
  ),
  labeled(
    'fresh-doc-linked-from',
    'which of my notes point to [[zettelkasten]]',
    ['obsidian__get-backlinks'],
    TUNE,
  ),
  labeled(
    'fresh-doc-subpages',
    'subpages under Architecture',
    ['confluence__confluence_get_page_children'],
    within('confluence'),
  ),
];

export const FRESH_COMMUNICATION_QUERIES: readonly LabeledQuery[] = [
  ...CHAT_QUERIES,
  ...MAIL_CALENDAR_AND_DOCS_QUERIES,
];
