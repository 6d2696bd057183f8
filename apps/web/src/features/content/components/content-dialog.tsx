import type { ReactNode } from 'react';
import type { IconName } from '../../../components/ui/icon';
import { ModalDialog } from '../../../components/ui/modal-dialog';

interface ContentDialogProps {
  title: string;
  icon?: IconName;
  onClose: () => void;
  children: ReactNode;
  size?: 'medium' | 'large';
  className?: string;
}

/** The content pages' modal: the shared ModalDialog in the content sizes. */
export function ContentDialog({ size = 'medium', className, ...props }: ContentDialogProps) {
  return (
    <ModalDialog
      {...props}
      className={['content-dialog', `content-dialog--${size}`, className].filter(Boolean).join(' ')}
    />
  );
}
