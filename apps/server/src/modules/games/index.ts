/** The games module's public face (decision 0027): each merchant's game catalogue in memory. */
export { GameCatalogue, type CatalogueGame, type MerchantCatalogue } from './game-catalogue';
export { launchGame, type LaunchInput } from './launch.service';
