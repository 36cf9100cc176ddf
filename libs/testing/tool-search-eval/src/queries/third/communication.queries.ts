// Chat, mail, calendars, wikis and notes, and the file-sharing drives. Five chat servers share one
// tool set, so open chat queries usually carry five answers (four or two where a server lacks it).
import type { LabeledQuery } from '../labeled-query';
import { labeled } from '../labeled-query';
import { NAMED, TUNE, within } from './third-options';

const POST_TO_CHANNEL = [
  'slack__slack_post_message',
  'teams__postMessage',
  'discord__post_message',
  'mattermost__post-message',
  'zulip__zulip_post_message',
] as const;

const DIRECT_MESSAGE = [
  'slack__slack_send_direct_message',
  'teams__sendDirectMessage',
  'discord__send_direct_message',
  'mattermost__send-direct-message',
  'zulip__zulip_send_direct_message',
] as const;

const CHANNEL_HISTORY = [
  'slack__slack_get_channel_history',
  'teams__getChannelHistory',
  'discord__get_channel_history',
  'mattermost__get-channel-history',
  'zulip__zulip_get_channel_history',
] as const;

const ADD_REACTION = [
  'slack__slack_add_reaction',
  'teams__addReaction',
  'discord__add_reaction',
  'mattermost__add-reaction',
  'zulip__zulip_add_reaction',
] as const;

const PIN_MESSAGE = [
  'slack__slack_pin_message',
  'teams__pinMessage',
  'discord__pin_message',
  'zulip__zulip_pin_message',
] as const;

const SEARCH_CHAT = [
  'slack__slack_search_messages',
  'teams__searchMessages',
  'discord__search_messages',
  'mattermost__search-messages',
  'zulip__zulip_search_messages',
] as const;

const SHARE_FILE = [
  'google-drive__share_file',
  'dropbox__share_file',
  'onedrive__shareFile',
  'box__share-file',
  'sharepoint__share_file',
] as const;

const FILE_REVISIONS = [
  'google-drive__list_file_revisions',
  'dropbox__list_file_revisions',
  'onedrive__listFileRevisions',
  'sharepoint__list_file_revisions',
] as const;

const OPEN_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-comm-deploy-finished-channel',
    'I want the team to know that the 4.1 deploy is finished - put it in the releases channel',
    POST_TO_CHANNEL,
    TUNE,
  ),
  labeled(
    'third-comm-private-to-marek',
    'write to Marek a private chat message that the meeting is moved, not in the channel',
    DIRECT_MESSAGE,
    TUNE,
  ),
  labeled(
    'third-comm-postmortem-read-channel',
    'I need to read what people said in the incident-42 channel over the last couple of hours so I can write a summary for the postmortem',
    CHANNEL_HISTORY,
    TUNE,
  ),
  labeled(
    'third-comm-thumbs-up-announcement',
    'thumbs-up emoji on the release announcement message',
    ADD_REACTION,
    TUNE,
  ),
  labeled('third-comm-pin-msg-ts', 'pin msg 1718200000.000100 in channel C024BE91L', PIN_MESSAGE, TUNE),
  labeled(
    'third-comm-queue-for-monday',
    'the announcement should go out Monday 9am, not now - queue it for the channel',
    ['slack__slack_schedule_message', 'teams__scheduleMessage'],
    TUNE,
  ),
  labeled(
    'third-comm-status-on-vacation',
    "I want that my status shows 'on vacation' with a palm tree until I'm back",
    ['slack__slack_set_status', 'mattermost__set-status'],
    TUNE,
  ),
  labeled(
    'third-comm-wireguard-in-chat',
    "somebody posted the VPN config in chat last month, I remember the word 'wireguard' was in it - find that message",
    SEARCH_CHAT,
    TUNE,
  ),
  labeled(
    'third-comm-prepare-vendor-followup',
    "Please prepare, but do not send yet, a follow-up email to the vendor asking about the delayed shipment; I'll review it first",
    ['gmail__draft_email'],
    TUNE,
  ),
  labeled(
    'third-comm-contract-countersigned',
    'let the customer know by email today that their contract is countersigned',
    ['gmail__send_email', 'outlook__sendMail'],
    TUNE,
  ),
  labeled(
    'third-comm-answer-jonas-thread',
    'answer on the mail of Jonas, keep it in the same thread',
    ['gmail__reply_to_email', 'outlook__replyToMessage'],
    TUNE,
  ),
  labeled(
    'third-comm-ci-mail-rule',
    'mail rule: anything from noreply@ci.example.com gets the label CI and skips the inbox',
    ['gmail__create_filter'],
    TUNE,
  ),
  labeled(
    'third-comm-45-minute-slot',
    'find a 45-minute slot next week when Priya, Tom and I are all free',
    ['outlook__findMeetingTimes', 'google-calendar__find_free_busy'],
    TUNE,
  ),
  labeled(
    'third-comm-design-review-invites',
    'I want everyone from the design review invited for Thursday 3pm in room Orion',
    ['outlook__createEvent', 'google-calendar__create_event', 'google-calendar__quick_add_event'],
    TUNE,
  ),
  labeled(
    'third-comm-say-yes-planning',
    'say yes to the invitation for the planning meeting',
    ['google-calendar__respond_to_event'],
    TUNE,
  ),
  labeled(
    'third-comm-failover-runbook-wiki',
    'where is our runbook for database failover written down? search the wiki for it',
    ['notion__search', 'confluence__confluence_search'],
    TUNE,
  ),
  labeled(
    'third-comm-auditor-read-link',
    'give the auditor read-only access to the Q2 financials spreadsheet through a link',
    SHARE_FILE,
    TUNE,
  ),
  labeled(
    'third-comm-older-pricing-xlsx',
    'I need the older version of pricing.xlsx from last week - show me what versions it has',
    FILE_REVISIONS,
    TUNE,
  ),
  labeled(
    'third-comm-shared-with-me-lately',
    'what did colleagues share with me lately in the cloud drive',
    ['google-drive__list_shared_with_me', 'onedrive__listSharedWithMe'],
    TUNE,
  ),
];

const NAMED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-comm-slack-fix-typo',
    'Slack: fix the typo in the message I just posted in #general',
    ['slack__slack_update_message'],
    NAMED,
  ),
  labeled(
    'third-comm-teams-channel-members',
    'list the Microsoft Teams channels with how many members each one has',
    ['teams__listChannels'],
    NAMED,
  ),
  labeled(
    'third-comm-discord-mods-topic',
    "set the #mods channel topic on Discord to 'rules v2 - read before posting'",
    ['discord__set_channel_topic'],
    NAMED,
  ),
  labeled(
    'third-comm-zulip-outage-mitigated',
    "reply in the Zulip thread about the outage that it's mitigated now",
    ['zulip__zulip_reply_to_thread'],
    NAMED,
  ),
  labeled(
    'third-comm-outlook-invoices-folder',
    'move this Outlook mail into the Invoices folder',
    ['outlook__moveMessage'],
    NAMED,
  ),
  labeled(
    'third-comm-gmail-star-read',
    'Gmail: star message 18c2f and mark it as read',
    ['gmail__modify_email_labels'],
    NAMED,
  ),
  labeled(
    'third-comm-confluence-under-onboarding',
    'which pages sit under the Onboarding page in Confluence',
    ['confluence__confluence_get_page_children'],
    NAMED,
  ),
  labeled(
    'third-comm-obsidian-links-to-atlas',
    "which notes in my Obsidian vault link back to 'Project Atlas'",
    ['obsidian__get-backlinks'],
    NAMED,
  ),
];

const FILTERED_QUERIES: readonly LabeledQuery[] = [
  labeled(
    'third-comm-f-mattermost-old-sprint',
    'archive the old-sprint-12 channel, nobody uses it anymore',
    ['mattermost__archive-channel'],
    within('mattermost'),
  ),
  labeled(
    'third-comm-f-gcal-weekly-sync',
    "rename 'Sync' to 'Weekly sync' and push it to 10:30",
    ['google-calendar__update_event'],
    within('google-calendar'),
  ),
  labeled(
    'third-comm-f-notion-launch-checklist',
    'add three checklist items at the bottom of the launch page',
    ['notion__append_block_children'],
    within('notion'),
  ),
  labeled(
    'third-comm-f-dropbox-accounting',
    'upload invoice-0423.pdf into /Accounting/2024',
    ['dropbox__upload_file'],
    within('dropbox'),
  ),
  labeled(
    'third-comm-f-gdocs-rename-company',
    "replace every 'ACME Corp' by 'Acme Inc' in doc 1xYz",
    ['google-docs__replaceText'],
    within('google-docs'),
  ),
];

export const THIRD_COMMUNICATION_QUERIES: readonly LabeledQuery[] = [
  ...OPEN_QUERIES,
  ...NAMED_QUERIES,
  ...FILTERED_QUERIES,
];
