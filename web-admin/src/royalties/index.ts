import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { RoyaltyList } from './RoyaltyList.tsx';

/** The `royalties` resource: every artist's ledger, read-only (SPEC §2 admin tab Royalties). */
export default { list: RoyaltyList, icon: AccountBalanceWalletIcon, recordRepresentation: 'period' };
