// Fictional servers for chat, email, calendars and documentation: four chat products with the same
// capabilities, two mail servers, a calendar, and four knowledge bases with overlapping page tools.
import type { FamilySpec, ServerSpec } from '../tool-template.dsl';

const CHAT_TOOLS = `
list_channels :: List {public channels|channels} in the {product} workspace{ with their topics and member counts|}. :: limit? cursor?
get_channel_history :: Get recent messages from a channel. :: channelId limit? oldest? latest?
post_message :: {Post|Send} a message to a channel. :: channelId text
reply_to_thread :: Reply to a message thread in a channel. :: channelId threadTs text
get_thread_replies :: Get all replies in a message thread. :: channelId threadTs
add_reaction :: Add an emoji reaction to a message. :: channelId timestamp reaction
search_messages :: Search messages across channels {by text, author or date|with the search syntax}. :: query sort? count?
list_users :: List the people in the workspace with basic profile information. :: limit? cursor?
get_user_profile :: Get the profile of a user: name, title, status, time zone and email. :: userId
upload_file :: Upload a file to a channel. :: channelId fileName content title?
create_channel :: Create a new channel. :: channelName isPrivate? topic?
archive_channel :: Archive a channel. :: channelId
invite_to_channel :: Invite users to a channel. :: channelId userIds
set_channel_topic :: Set the topic of a channel. :: channelId topic
pin_message :: Pin a message in a channel. :: channelId timestamp :: except=mattermost
delete_message :: Delete a message. :: channelId timestamp
update_message :: Edit a message you posted. :: channelId timestamp text
schedule_message :: Schedule a message to be posted to a channel later. :: channelId text postAt :: only=slack,teams
send_direct_message :: Send a direct message to a user. :: userId text
set_status :: Set your {product} status text and emoji. :: statusText statusEmoji? :: only=slack,mattermost
`;

function chatServer(
  id: string,
  displayName: string,
  naming: ServerSpec['naming'],
  namePrefix?: string,
): ServerSpec {
  return {
    id,
    displayName,
    categories: ['chat', 'communication'],
    naming,
    parameterNaming: naming === 'snake' ? 'snake' : 'camel',
    ...(namePrefix === undefined ? {} : { namePrefix }),
    vocabulary: { product: displayName },
  };
}

export const CHAT_FAMILY: FamilySpec = {
  tools: CHAT_TOOLS,
  servers: [
    chatServer('slack', 'Slack', 'snake', 'slack'),
    chatServer('teams', 'Microsoft Teams', 'camel'),
    chatServer('discord', 'Discord', 'snake'),
    chatServer('mattermost', 'Mattermost', 'kebab'),
    chatServer('zulip', 'Zulip', 'snake', 'zulip'),
  ],
};

export const GMAIL_FAMILY: FamilySpec = {
  tools: `
search_emails :: Search emails with Gmail search operators (from:, subject:, has:attachment, newer_than:). :: query maxResults?
read_email :: Read an email: headers, body and attachment list. :: messageId
send_email :: Send an email. :: to subject body cc? bcc? attachments?
draft_email :: Create a draft email without sending it. :: to subject body cc?
reply_to_email :: Reply to an email, keeping the thread. :: messageId body replyAll?
list_email_labels :: List the labels of the mailbox. :: -
modify_email_labels :: Add or remove labels on an email (archive, star, mark as read). :: messageId addLabels? removeLabels?
delete_email :: Move an email to the trash. :: messageId
get_attachment :: Download an attachment of an email. :: messageId attachmentId
create_filter :: Create a filter that labels, archives or forwards matching incoming mail. :: criteria action
`,
  servers: [
    {
      id: 'gmail',
      displayName: 'Gmail',
      categories: ['email', 'google'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const OUTLOOK_FAMILY: FamilySpec = {
  tools: `
list_messages :: List messages in a mail folder, newest first. :: folder? top? filter?
get_message :: Get a mail message with its body and attachments. :: messageId
send_mail :: Send a mail message. :: to subject body cc? importance?
reply_to_message :: Reply to a mail message. :: messageId comment
move_message :: Move a mail message to another folder. :: messageId destinationFolder
list_mail_folders :: List mail folders. :: -
list_events :: List calendar events in a time range. :: startDateTime endDateTime
create_event :: Create a calendar event and invite attendees. :: subject start end attendees? location? body?
find_meeting_times :: Suggest meeting times when all attendees are free. :: attendees durationMinutes timeWindowStart? timeWindowEnd?
list_contacts :: List your Outlook contacts. :: search?
`,
  servers: [
    {
      id: 'outlook',
      displayName: 'Outlook (Microsoft 365)',
      categories: ['email', 'calendar', 'microsoft'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

export const CALENDAR_FAMILY: FamilySpec = {
  tools: `
list_calendars :: List the calendars you can access. :: -
list_events :: List events of a calendar between two times. :: calendarId? timeMin timeMax query?
get_event :: Get an event with its attendees and conferencing details. :: calendarId? eventId
create_event :: Create an event and send invitations. :: calendarId? summary start end attendees? location? description?
update_event :: Change the time, title, attendees or location of an event. :: calendarId? eventId summary? start? end? attendees?
delete_event :: Delete an event. :: calendarId? eventId
find_free_busy :: Find free and busy times of people for scheduling. :: emails timeMin timeMax
respond_to_event :: Accept, decline or tentatively accept an invitation. :: eventId response
quick_add_event :: Create an event from a short text like "Lunch with Ana tomorrow at noon". :: text calendarId?
`,
  servers: [
    {
      id: 'google-calendar',
      displayName: 'Google Calendar',
      categories: ['calendar', 'google'],
      naming: 'snake',
      parameterNaming: 'camel',
    },
  ],
};

export const NOTION_FAMILY: FamilySpec = {
  tools: `
search :: Search pages and databases in the Notion workspace by title or content. :: query filter? pageSize?
get_page :: Get a page's properties. :: pageId
get_block_children :: Get the content blocks of a page. :: blockId
create_page :: Create a page under a parent page or in a database. :: parentId title content? properties?
update_page :: Update a page's properties or archive it. :: pageId properties? archived?
append_block_children :: Append content blocks (paragraphs, lists, to-dos) to a page. :: blockId children
query_database :: Query a database with filters and sorts. :: databaseId filter? sorts?
get_database :: Get a database's schema: its properties and their types. :: databaseId
create_database :: Create a database inside a page. :: parentId title properties
list_comments :: List the comments on a page or block. :: blockId
add_comment :: Add a comment to a page. :: pageId text
list_users :: List the users of the workspace. :: -
`,
  servers: [
    {
      id: 'notion',
      displayName: 'Notion',
      categories: ['docs', 'knowledge'],
      naming: 'snake',
      parameterNaming: 'snake',
    },
  ],
};

export const CONFLUENCE_FAMILY: FamilySpec = {
  tools: `
search :: Search Confluence content with CQL or plain text. :: query spaceKey? limit?
get_page :: Get a page with its body in storage format or as Markdown. :: pageId format?
create_page :: Create a page in a space, optionally under a parent page. :: spaceKey title body parentId?
update_page :: Update the title or body of a page (creates a new version). :: pageId title body version
get_page_children :: List the child pages of a page. :: pageId
list_spaces :: List the spaces you can access. :: type? limit?
get_space :: Get a space with its home page and description. :: spaceKey
add_label :: Add a label to a page. :: pageId label
get_attachments :: List the attachments of a page. :: pageId
add_comment :: Add a comment to a page. :: pageId body
`,
  servers: [
    {
      id: 'confluence',
      displayName: 'Confluence',
      categories: ['docs', 'knowledge', 'atlassian'],
      naming: 'snake',
      parameterNaming: 'snake',
      namePrefix: 'confluence',
    },
  ],
};

export const GOOGLE_DOCS_FAMILY: FamilySpec = {
  tools: `
create_document :: Create a Google Docs document with a title and optional initial text. :: title content?
get_document :: Get the text and structure of a document. :: documentId
append_text :: Append text to the end of a document. :: documentId text
replace_text :: Replace all occurrences of a text in a document. :: documentId find replacement
export_document_pdf :: Export a document as PDF. :: documentId
`,
  servers: [
    {
      id: 'google-docs',
      displayName: 'Google Docs',
      categories: ['docs', 'google'],
      naming: 'camel',
      parameterNaming: 'camel',
    },
  ],
};

export const OBSIDIAN_FAMILY: FamilySpec = {
  tools: `
search_notes :: Full-text search over the notes of the vault. :: query limit?
read_note :: Read a note's Markdown content and front matter. :: path
create_note :: Create a note at a path in the vault. :: path content
append_to_note :: Append text to an existing note. :: path content
list_notes :: List notes in a folder of the vault. :: folder?
get_backlinks :: List the notes that link to a note. :: path
list_tags :: List the tags used in the vault with their counts. :: -
`,
  servers: [
    {
      id: 'obsidian',
      displayName: 'Obsidian Vault',
      categories: ['notes', 'knowledge', 'local'],
      naming: 'kebab',
      parameterNaming: 'camel',
    },
  ],
};

export const COMMUNICATION_FAMILIES: readonly FamilySpec[] = [
  CHAT_FAMILY,
  GMAIL_FAMILY,
  OUTLOOK_FAMILY,
  CALENDAR_FAMILY,
  NOTION_FAMILY,
  CONFLUENCE_FAMILY,
  GOOGLE_DOCS_FAMILY,
  OBSIDIAN_FAMILY,
];
