import type { Handlers } from '../../http/handlers.js';
import type { NoticesService } from './notices.service.js';

/** E-mail notices: a user's settings (Account page) and the admin's outbox. */
export const noticesRoutes = (notices: NoticesService) =>
  ({
    noticeSettings: ({ user }) => notices.settings(user.userId),
    changeNoticeSettings: ({ user, body }) => notices.changeSettings(user.userId, body.settings),
    outbox: ({ query }) => notices.outbox(query),
  }) satisfies Partial<Handlers>;
