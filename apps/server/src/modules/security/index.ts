/** The security module's public face (decision 0027): attack alerts and installation secrets. */
export { installationSecret, raiseAlert, recentAlerts, type SecurityAlert } from './security.service';
