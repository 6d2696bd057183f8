/**
 * The responsible-gaming module's public face (issue 17, decision 0037): the login check the composition
 * root gives the auth module, the deposit-limit wrapper payments runs a deposit in, the job's applying of
 * changes past their cooling-off, and the check marketing uses to leave blocked players out.
 */
export { applyAllDue } from './limits.service';
export {
  checkLogin,
  checkTransferIn,
  withinDepositLimits,
  type DepositedWithin,
} from './responsible-gaming.service';
export { isBlocked } from './marketing';
