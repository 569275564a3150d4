import { mediaAddress, mediaPicture } from '../../contract/media-images';
import { describeBytes, type MediaItem } from '../media/library';

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** One upload: its thumbnail, name and size, who uploaded it and when, its address and the HTML to use. */
function MediaRow({ item }: { item: MediaItem }) {
  const html = mediaPicture(item, { alt: item.alt });
  return (
    <tr id={`media-${item.id}`}>
      <td
        className="thumb"
        dangerouslySetInnerHTML={{ __html: mediaPicture(item, { alt: item.alt, sizes: '96px' }) }}
      />
      <td data-label="图片">
        <strong>{item.fileName}</strong>
        <br />
        {item.width}×{item.height} 像素，原文件 {describeBytes(item.uploadBytes)}
        {item.alt && <br />}
        {item.alt && `说明：${item.alt}`}
      </td>
      <td data-label="上传">
        {item.uploadedBy}
        <br />
        {timeFormat.format(item.uploadedAt)}
      </td>
      <td data-label="使用">
        <a className="code" href={mediaAddress(item.id, item.width, item.fallback)}>
          {mediaAddress(item.id, item.width, item.fallback)}
        </a>
        <label className="label" htmlFor={`html-${item.id}`}>
          网页中使用的 HTML
        </label>
        <textarea id={`html-${item.id}`} rows={3} readOnly defaultValue={html} />
      </td>
    </tr>
  );
}

/** The library's uploads, newest first; a table that becomes a list of cards on phones. */
export function MediaList({ items }: { items: MediaItem[] }) {
  if (!items.length) return <p>还没有图片。</p>;
  return (
    <table className="rows media-list">
      <thead>
        <tr>
          <th scope="col">预览</th>
          <th scope="col">图片</th>
          <th scope="col">上传</th>
          <th scope="col">使用</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <MediaRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}
