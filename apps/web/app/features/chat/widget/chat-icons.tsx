import type { SVGProps } from 'react';
import { Icon } from '../../../components/ui/icons';

/** The chat's line icons, on the shop's 24-unit grid (decorative: the control around each names it). */

type Props = SVGProps<SVGSVGElement>;

export const ChatBubbleIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z" />
    <path d="M8 8.5h8M8 11.5h5" />
  </Icon>
);

export const SmileIcon = (props: Props) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M8.5 14a4 4 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </Icon>
);

export const ImageIcon = (props: Props) => (
  <Icon {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M20.5 16l-5-5-8.5 8.5" />
  </Icon>
);

export const PaperclipIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
  </Icon>
);

export const BagIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M5 8h14l-1 12H6z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
);

export const ReceiptIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);

export const SendIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
    <path d="M11.5 13.5L20 4" />
  </Icon>
);

export const MoveIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M12 3v18M3 12h18M12 3l-2.5 2.5M12 3l2.5 2.5M12 21l-2.5-2.5M12 21l2.5-2.5M3 12l2.5-2.5M3 12l2.5 2.5M21 12l-2.5-2.5M21 12l-2.5 2.5" />
  </Icon>
);

export const MegaphoneIcon = (props: Props) => (
  <Icon {...props}>
    <path d="M4 10v4h3l7 4V6L7 10z" />
    <path d="M17.5 9.5a3.5 3.5 0 0 1 0 5" />
  </Icon>
);
