// The BGS game and verify pages; only their lazy route chunks import this file (never home).
import '../../styles/inhouse.css';

export { GamePage } from './components/game-page';
export { VerifyPage } from './components/verify-page';
