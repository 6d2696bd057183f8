import { defineCalls } from '../call';

/** The one server-to-browser push channel (decision 0042). */
export const pushCalls = defineCalls({
  pushSocket: {
    method: 'GET',
    path: '/wps/push',
    moduleId: 'push',
    token: false,
    summary:
      'WebSocket: first message hello {token?, topics}; events as JSON text frames, {type:"push.hb"} every 20 s',
    errors: [],
  },
});
