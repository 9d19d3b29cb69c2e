import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { isModalClose, pluginFrameUrl } from './plugin-modal';

interface Props {
  url: string;
  title: string;
  onClose: () => void;
}

/**
 * The plugin modal (spec §2): a page in an iframe, closed by the modal's own close button or by a
 * same-origin `{ type: 'iframe', event: 'modal-close' }` message from the framed page. Another site's
 * page is sandboxed as the custom page's embed block frames one.
 */
export function PluginModal({ url, title, onClose }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = pluginFrameUrl(url, window.location.origin);
  const sameOrigin = src.startsWith('/');
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (isModalClose(event, frame.current?.contentWindow, window.location.origin)) onClose();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onClose]);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={null}
      width="min(1100px, 92vw)"
      destroyOnHidden
      styles={{ body: { height: '72vh', padding: 0 } }}
      data-testid="plugin-modal"
    >
      <iframe
        ref={frame}
        src={src}
        title={title}
        sandbox={sameOrigin ? undefined : 'allow-scripts allow-same-origin allow-forms allow-popups'}
        referrerPolicy={sameOrigin ? 'same-origin' : 'no-referrer'}
        style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        data-testid="plugin-frame"
      />
    </Modal>
  );
}
