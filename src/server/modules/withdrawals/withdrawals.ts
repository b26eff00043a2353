/**
 * The withdrawals module's public face (docs/architecture.md, "Modules"): the builders that check and shape
 * a withdrawal inside the caller's transaction (under the balance's row lock), and the maximums the
 * withdrawal forms show, so a payout made elsewhere (a distribution run) obeys the same rules.
 */
export { cashPayouts, limitsOf, withdrawalBuilders, type CashPayout, type WithdrawalBuilders } from './withdrawals.service.js';
