import { PaperClipOutlined } from '@ant-design/icons';
import { Flex, Image } from 'antd';
import type { FileRef } from '../types/files.js';
import { sizeText } from './format.js';

/** A record's files in its details: images as previews, then every file as a download link. */
export default function FileList({ files }: { files: FileRef[] }) {
  const images = files.filter((f) => f.isImage);
  return (
    <Flex vertical gap={8}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={8}>
            {images.map((f) => (
              <Image key={f.id} src={f.url} alt={f.name} width={96} height={96} style={{ objectFit: 'cover' }} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {files.map((f) => (
        <span key={f.id}>
          <PaperClipOutlined />{' '}
          <a href={f.url} download={f.name} data-testid="file-download">
            {f.name}
          </a>{' '}
          <span style={{ color: '#999' }}>{sizeText(f.size)}</span>
        </span>
      ))}
    </Flex>
  );
}
