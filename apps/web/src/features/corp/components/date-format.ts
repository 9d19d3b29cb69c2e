import dayjs from 'dayjs';

export const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');
export const formatDate = (ms: number) => dayjs(ms).format('YYYY-MM-DD');
