export {
  MemberCentreFrame,
  type MemberCentreBadges,
  memberCentreTab,
  memberCentreTabs,
  type MemberCentreTab,
} from './member-centre-frame';
