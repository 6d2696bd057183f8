// The games feature's pages and providers; every importer loads it lazily (a route chunk, the home
// lobby chunk, the header's vendor menu chunk). The light entries are menus.ts and lobby-skeleton.tsx.
import './games.css';
import './lobby.css';

export { GamesProvider } from './components/games-provider';
export { HomeLobby } from './components/home-lobby';
export { VendorMenu } from './components/vendor-menu';
export { GamesSection } from './games-section';
export { gamesViews } from './model/game-routes';
