// Transitional: members.routes.ts still imports password recovery from here; it is auth's now
// (decision 0027). Remove this file once the routes import it from '../auth'.
export { requestEmailReset, resetByEmail, resetByPhone } from '../auth';
